import { createLlmFactClassifier, createRuleFactClassifier } from '../facts/fact-classifier.ts';
import { createLlmFactExtractor } from '../facts/llm-fact-extractor.ts';
import { createOfflineFactExtractor } from '../facts/offline-fact-extractor.ts';
import { rememberFacts } from '../facts/remember-facts.ts';
import type { SimilarityBands } from '../facts/similarity-bands.ts';
import { forgetByDescription } from '../forget/forget-by-description.ts';
import { stillInBlocks } from '../forget/still-in-blocks.ts';
import { conversationsNamed, conversationsSaying } from '../forget/working-conversations.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import type { QueryRouter } from '../router/query-router.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryBlockStore } from '../spec/block-store.ts';
import type { LlmClient } from '../spec/llm-client.ts';
import { defineTool } from './hippo-tool.ts';
import { forgetMemoryInput, recallMemoriesInput, rememberFactsInput, storeMemoryInput } from './tool-inputs.ts';

export interface MemoryToolsContext {
  memory: Hippocampus;
  llm: LlmClient | null;
  bands: SimilarityBands;
  forgetThreshold: number | undefined;
  /** When set, recall_memories asks it which layer answers (working memory, semantic, procedural). */
  router: QueryRouter | undefined;
  /** With a messages table: forget_memory also forgets the messages what it forgot was made from or says verbatim. */
  forgetMessages?: ((forgotten: readonly ForgottenText[]) => Promise<number>) | undefined;
  /** The agent's memory blocks: forget_memory names the lines of them that still say what it forgot. */
  blocks?: MemoryBlockStore | undefined;
}

/** A forgotten memory's text and the conversation message it was made from, if it records one. */
export interface ForgottenText {
  content: string;
  messageId?: string | undefined;
  /** The hash of the message's text as the watcher read it: the row is deleted only while it still says that. */
  sourceHash?: string | undefined;
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function rememberFactsTool(context: MemoryToolsContext) {
  const extractor = context.llm ? createLlmFactExtractor({ llm: context.llm }) : createOfflineFactExtractor();
  const classifier = context.llm ? createLlmFactClassifier({ llm: context.llm }) : createRuleFactClassifier();
  return defineTool({
    name: 'remember_facts',
    label: 'Remember facts',
    description:
      'Learn durable facts about the user from what they said (preferences, where they live, what they work on). Facts already known are strengthened, changed ones replace the old. Pass the user message verbatim.',
    inputSchema: rememberFactsInput,
    run: ({ text }) => rememberFacts({ memory: context.memory, extractor, classifier, bands: context.bands }, text),
  });
}

export function storeMemoryTool(context: MemoryToolsContext) {
  return defineTool({
    name: 'store_memory',
    label: 'Store memory',
    description: 'Store something verbatim in long-term memory: a decision, an experience, a document chunk. Storing the same content again strengthens the existing memory.',
    inputSchema: storeMemoryInput,
    async run(input) {
      const [result] = await context.memory.rememberMany(
        [
          {
            type: input.type ?? 'observation',
            content: input.content,
            ...(input.metadata === undefined ? {} : { context: input.metadata }),
            ...(input.intensity === undefined ? {} : { intensity: input.intensity }),
            source: 'store_memory',
          },
        ],
        { longTerm: true },
      );
      const { memory, duplicateOf } = result!;
      return { id: memory.id, outcome: duplicateOf === null ? 'stored' : 'reinforced', encounterCount: memory.encounterCount, runningIntensity: memory.runningIntensity, importance: memory.importance };
    },
  });
}

export function recallMemoriesTool(context: MemoryToolsContext) {
  return defineTool({
    name: 'recall_memories',
    label: 'Recall memories',
    description:
      'Search memory by meaning and keywords. Results are ranked by relevance weighted by strength, with the reasons for each score. score ranks results within one answer; similarity (0 to 1; absent only for a memory the knowledge graph alone found) is how close each is in meaning to the query and can be compared across queries: when even the best is low, nothing stored is about it. When the memory layers are routed, the answer comes from the layer that knows (a recent conversation, the knowledge graph with long-term memory, or a learned skill for how-to questions) and says which answered and why; give kind to search long-term memory only.',
    inputSchema: recallMemoriesInput,
    async run({ query, limit, kind }) {
      // A kind filter asks long-term memory itself; otherwise the router (when there is one) picks the layer.
      if (context.router && !kind) return routedRecall(context.router, query, limit);
      const results = await context.memory.recallRelevant(query, { limit, ...(kind ? { kinds: [kind] } : {}) });
      return {
        results: results.map(({ memory, score, explain }) => ({
          id: memory.id,
          kind: memory.kind,
          type: memory.type,
          content: memory.content,
          score,
          // The score ranks within this answer (the best is near the top of the scale whatever was asked); the
          // similarity in meaning is absolute, so an agent can tell "nothing stored is about this" (probe).
          similarity: explain.signals.semantic,
          strength: explain.signals.strength,
          createdAt: new Date(memory.createdAt).toISOString(),
          explain: explain.contributions,
        })),
      };
    },
  });
}

/** Why a working-memory conversation went with a forgotten memory without being named: it still said it. */
const HELD_FORGOTTEN_TEXT = 'a working-memory conversation that still held the text of a forgotten memory (dropped with it)';

export function forgetMemoryTool(context: MemoryToolsContext) {
  return defineTool({
    name: 'forget_memory',
    label: 'Forget memory',
    description:
      `Permanently delete what the user asks you to forget. Step 1: call with a short description in their words (e.g. "my old address", "that I like Redux", "the vault combination"). What it names for sure${context.llm ? ' (by the offline rules, or else by the LLM judging the memories that could be meant)' : ''} is deleted at once (with the facts derived from it) and listed under forgotten. If it is not sure — several different memories fit, or one only partly — nothing is deleted and candidates (id, content, why) come back: ask the user which, then step 2: call again with { ids } of the ones to forget. With a messages table, the messages what was forgotten was made from (or says word for word) are deleted too (messagesForgotten). Recent conversations in working memory that held the text of what was forgotten are dropped with it and listed under forgotten too (kind conversation). Memory-block lines that still say it come back as stillInBlocks: remove them with replace_memory_block. Recent conversations in working memory that say it come back as candidates too (their id is the conversation id): confirm them the same way.${context.llm ? ' When the LLM could not be asked, judgeError says why.' : ''} This cannot be undone and leaves no record.`,
    inputSchema: forgetMemoryInput,
    async run({ description, ids }) {
      if (ids) {
        // The confirmation step: exactly these ids (and what was derived from them), nothing guessed.
        const scope = { agentId: context.memory.agentId };
        const records = await context.memory.store.getMany(scope, ids);
        const known = new Set(records.map((record) => record.id));
        // The description step offers working-memory conversations by their ids too.
        const conversations = await conversationsNamed(context.memory, ids.filter((id) => !known.has(id)));
        const missing = [...new Set(ids.filter((id) => !known.has(id) && !conversations.ids.includes(id)))];
        if (missing.length > 0) throw new NotFoundError({ what: missing.length === 1 ? 'Memory' : 'Memories', id: missing.join(', '), hint: 'nothing was forgotten', plural: missing.length > 1 });
        const memoryIds = ids.filter((id) => known.has(id));
        // Dropped first: forgetting a memory drops the conversations holding its text, which would leave these unreported.
        const dropped = await conversations.forget();
        // With a messages table, what goes with them (facts, watcher memories) may be made from a message
        // too: read before it is gone.
        const withDerived = context.forgetMessages && memoryIds.length > 0 ? [...records, ...(await context.memory.store.getMany(scope, await context.memory.derivedFrom(memoryIds)))] : [];
        // Forgetting a memory also drops the conversations still holding its text: reported as the confirmed ones are.
        const { forgotten, conversations: alsoDropped } = memoryIds.length > 0 ? await context.memory.forgetReporting(memoryIds) : { forgotten: [], conversations: [] };
        const messages = await context.forgetMessages?.(withDerived.map((record) => ({ content: record.content, messageId: stringOf(record.context.messageId), sourceHash: stringOf(record.context.sourceHash) })));
        const inBlocks = await stillInBlocks({ blocks: context.blocks, agentId: context.memory.agentId }, records.map((record) => record.content));
        return {
          deleted: forgotten.length + dropped.length + alsoDropped.length,
          forgotten: [...forgotten.map((id) => ({ id })), ...dropped.map((id) => ({ id, kind: 'conversation' })), ...alsoDropped.map((id) => ({ id, kind: 'conversation', why: HELD_FORGOTTEN_TEXT }))],
          ...(messages ? { messagesForgotten: messages } : {}),
          ...inBlocks,
        };
      }
      // With an LLM configured it judges what the rules are not sure of (forgetByDescription asks it only then).
      const report = await forgetByDescription(context.memory, description!, { ...(context.forgetThreshold === undefined ? {} : { threshold: context.forgetThreshold }), ...(context.llm ? { llm: context.llm } : {}) });
      // Read after the forget: it drops the conversations holding a deleted memory's text itself.
      const conversations = await conversationsSaying(context.memory, description!);
      // A model that could not be asked is named: the user's request was not lost, only not judged.
      const judgeError = report.judge?.error ? { judgeError: report.judge.error } : {};
      if (report.deleted.length === 0 && report.candidates.length + conversations.length > 0) {
        return { deleted: 0, candidates: [...report.candidates.map(({ id, content, why }) => ({ id, content, why })), ...conversations], ...judgeError, next: 'Not sure which memory the user means: nothing was deleted. Ask, then call forget_memory with { ids } of the ones to forget.' };
      }
      const messages = report.deleted.length > 0 ? await context.forgetMessages?.(report.deleted) : undefined;
      const { next: blocksNext, ...inBlocks } = await stillInBlocks({ blocks: context.blocks, agentId: context.memory.agentId }, report.deleted.map((entry) => entry.content), description);
      const conversationsNext = conversations.length > 0 ? 'Recent conversations in working memory still say it (candidates): ask the user, then call forget_memory with { ids } of the ones to forget.' : undefined;
      const next = [blocksNext, conversationsNext].filter((text) => text !== undefined).join(' ');
      return {
        deleted: report.deleted.length + report.conversations.length,
        forgotten: [...report.deleted.map(({ id, kind, content, why }) => ({ id, kind, content, why })), ...report.conversations.map((id) => ({ id, kind: 'conversation', why: HELD_FORGOTTEN_TEXT }))],
        ...(messages ? { messagesForgotten: messages } : {}),
        ...inBlocks,
        ...(conversations.length > 0 ? { candidates: conversations } : {}),
        ...judgeError,
        ...(next ? { next } : {}),
      };
    },
  });
}

/** recall_memories through the router: what the answering layer found, and why that layer answered. */
async function routedRecall(router: QueryRouter, query: string, limit: number) {
  const answer = await router.route(query);
  return {
    layer: answer.layer,
    why: answer.consulted.map((entry) => `${entry.layer}: ${entry.note}${entry.served ? ' (answered)' : ''}`),
    results: answer.memories
      .slice(0, limit)
      .map(({ memory, score, similarity }) => ({ id: memory.id, kind: memory.kind, type: memory.type, content: memory.content, score, ...(similarity === null ? {} : { similarity }), createdAt: new Date(memory.createdAt).toISOString() })),
    ...(answer.working.length > 0 ? { conversations: answer.working.slice(0, 3).map((match) => ({ conversationId: match.conversation.conversationId, score: match.score, excerpt: match.conversation.fullText.slice(0, 500) })) } : {}),
    ...(answer.skills.length > 0 ? { skills: answer.skills.slice(0, 3).map((match) => ({ name: match.skill.name, description: match.skill.description, language: match.skill.language, code: match.skill.code, score: match.score })) } : {}),
    ...(answer.relations.length > 0 ? { relations: answer.relations.slice(0, 10).map((relation) => `${relation.subject.name} —${relation.predicate}→ ${relation.object.name}`) } : {}),
  };
}
