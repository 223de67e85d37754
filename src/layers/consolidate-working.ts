import { hashContent } from '../core/content-hash.ts';
import { storableText } from '../core/stored-text.ts';
import { createOfflineFactExtractor } from '../facts/offline-fact-extractor.ts';
import type { FactExtractor } from '../facts/fact-extractor.ts';
import { ValidationError } from '../errors/validation-error.ts';
import { createKnowledgeGraph, type KnowledgeGraph } from '../graph/knowledge-graph.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { LinkReport } from '../spec/knowledge-graph.ts';
import type { ExperienceInput } from '../spec/memory-record.ts';
import type { WorkingConversation, WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { backendCapability, requireEngine } from '../memory/backend-capability.ts';
import type { ConsolidationMarks } from '../spec/consolidation-marks.ts';
import { parseTranscript } from '../working/conversation-features.ts';

export interface WorkingConsolidationOptions {
  memory: Hippocampus;
  working: WorkingMemoryStore;
  /** The engine's graph when absent (none where the backend keeps no graph: the facts are still stored). */
  graph?: KnowledgeGraph;
  /** Offline rules when absent; createLlmFactExtractor for the LLM path. */
  factExtractor?: FactExtractor;
  /** SQLite marks beside the engine's memories when absent. */
  marks?: ConsolidationMarks;
  /** How many working conversations to look at (default 1000: all of them, working memory is small). */
  scanLimit?: number;
}

export interface WorkingConsolidationReport {
  /** Conversations mined in this run. */
  conversationIds: string[];
  /** Conversations skipped because they were consolidated before. */
  alreadyConsolidated: number;
  facts: number;
  memoryIds: string[];
  graph: LinkReport;
}

// A transcript stored in long-term memory is kept to a size recall handles well;
// the facts carry what matters from the rest.
const MAX_TRANSCRIPT_CHARS = 8_000;
const USER_ROLES = new Set(['user', 'human', 'me', 'customer']);

function userText(conversation: WorkingConversation): string {
  const turns = parseTranscript(conversation.fullText);
  const said = turns.filter((turn) => USER_ROLES.has(turn.role)).map((turn) => turn.content);
  return (said.length > 0 ? said : turns.map((turn) => turn.content)).join('\n');
}

function backendMarks(memory: Hippocampus): ConsolidationMarks {
  return backendCapability(memory.backend, 'consolidationMarks', 'Working consolidation (or pass `marks`)');
}

/**
 * Moves what recent conversations taught into semantic memory: for each
 * working-memory conversation not yet consolidated, the user's facts become
 * fact memories, the transcript a chat memory, both linked into the knowledge
 * graph (facts as relations, the conversation's key entities as mentions);
 * then the conversation is marked in working memory and in the database, so
 * no conversation is ever mined twice.
 *
 * @example
 * const report = await consolidateWorkingMemory({ memory, working });
 * report.conversationIds; // ['c-2025-01-09']
 */
export async function consolidateWorkingMemory(options: WorkingConsolidationOptions): Promise<WorkingConsolidationReport> {
  const memory = requireEngine(options?.memory, 'consolidateWorkingMemory');
  const { working } = options;
  const scope = { agentId: memory.agentId };
  // Made for this pass only: the engine's forgets keep the relinking of the graph the host made, if any.
  const graph = options.graph ?? (memory.backend.knowledgeGraph ? createKnowledgeGraph({ memory, keepLinked: false }) : undefined);
  const extractor = options.factExtractor ?? createOfflineFactExtractor();
  const marks = options.marks ?? backendMarks(memory);

  const all = await working.getAll(scope, options.scanLimit ?? 1000);
  const marked = await marks.consolidated(scope, all.map((conversation) => conversation.conversationId));
  const pending = all.filter((conversation) => conversation.consolidatedAt == null && !marked.has(conversation.conversationId)).reverse();
  const report: WorkingConsolidationReport = {
    conversationIds: [],
    alreadyConsolidated: all.length - pending.length,
    facts: 0,
    memoryIds: [],
    graph: { entitiesCreated: 0, mentionsAdded: 0, relationsCreated: 0, relationsReinforced: 0, relationsClosed: 0 },
  };

  for (const conversation of pending) {
    const facts = await extractor.extract(userText(conversation));
    const context = { conversationId: conversation.conversationId };
    const transcriptText = conversation.fullText.slice(0, MAX_TRANSCRIPT_CHARS);
    // Each fact names the transcript it was mined from by its hash, as remember_facts' facts name their text:
    // a forget of the transcript takes them with it. Without it, "forget that my sister works at Zebracorp"
    // deleted the transcript and kept "User's sister Alice works at Zebracorp".
    const factContext = { ...context, sourceHash: hashContent(storableText(transcriptText)) };
    const inputs: ExperienceInput[] = [
      { type: 'chat', content: transcriptText, timestamp: conversation.timestamp, context, source: 'working-memory' },
      ...facts.map((fact): ExperienceInput => ({ type: 'observation', kind: 'fact', content: fact.fact, intensity: fact.intensity, timestamp: conversation.timestamp, context: factContext, source: 'working-memory' })),
    ];
    const stored = await memory.rememberMany(inputs, { longTerm: true });
    const [transcript, ...factMemories] = stored.map((result) => result.memory);
    if (graph) {
      const mentions = await graph.store.link(scope, [
        { memoryId: transcript!.id, timestamp: conversation.timestamp, entities: conversation.keyEntities.map((name) => ({ name })), relations: [] },
      ]);
      const linked = await graph.linkMemories(factMemories.map((record) => record.id));
      for (const key of Object.keys(report.graph) as (keyof LinkReport)[]) report.graph[key] += mentions[key] + linked[key];
    }

    const memoryIds = stored.map((result) => result.memory.id);
    const at = memory.clock.now();
    await marks.mark(scope, conversation.conversationId, at, memoryIds);
    await working.markConsolidated(scope, [conversation.conversationId], at);
    report.conversationIds.push(conversation.conversationId);
    report.facts += facts.length;
    report.memoryIds.push(...memoryIds);
  }
  return report;
}
