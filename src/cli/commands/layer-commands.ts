import fs from 'node:fs';
import type { Command } from 'commander';
import { createKnowledgeGraph } from '../../graph/knowledge-graph.ts';
import { consolidateWorkingMemory } from '../../layers/consolidate-working.ts';
import type { Hippocampus } from '../../memory/hippocampus.ts';
import { engineSkillLibrary } from '../../skills/skill-library.ts';
import type { GraphRelation } from '../../spec/knowledge-graph.ts';
import type { SkillParameter } from '../../spec/skill-library.ts';
import { backendCapability } from '../../memory/backend-capability.ts';
import { checkConversationSize, describeConversation } from '../../working/conversation-features.ts';
import type { CliContext } from '../cli-context.ts';
import { CliUsageError } from '../cli-usage-error.ts';
import { formatMemoryLine, parseJsonOption, parseNumberOption, parsePositiveIntegerOption } from '../format.ts';
import { openAgentWorkingMemory, type AgentWorkingMemory } from '../../working/working-snapshot.ts';
import { hasVisibleText } from '../../core/stored-text.ts';

/** The most rows a listing or search prints: -1 was "no limit" to SQL, 1e9 a typo. */
const MAX_LISTED = 1_000;

type Options = Record<string, string | boolean | undefined>;
const text = (options: Options, key: string) => (typeof options[key] === 'string' ? (options[key] as string) : undefined);

function parseTime(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (Number.isNaN(parsed)) throw new CliUsageError(`--${name} must be an ISO date or epoch milliseconds, got "${value}"`);
  return parsed;
}

const day = (time: number | null) => (time === null ? '…' : new Date(time).toISOString().slice(0, 10));
const formatRelation = (relation: GraphRelation) =>
  `${relation.subject.name} —${relation.predicate}→ ${relation.object.name}  [${day(relation.validFrom)} – ${day(relation.validTo)}]  confidence ${relation.confidence.toFixed(2)}`;

async function withWorking<T>(context: CliContext, command: Command, options: Options, work: (memory: Hippocampus, working: AgentWorkingMemory) => Promise<T>, { create = false } = {}): Promise<T> {
  const redisUrl = text(options, 'redis');
  // --redis also to the engine (its working memory): what a new agent made by a failed command is asked for before
  // it goes. The command's own store carries the embedder a search needs.
  return context.withMemory(command, async (memory) => {
    const working = await openAgentWorkingMemory({ home: memory.home, agentId: memory.agentId, embedder: memory.embedder, clock: memory.clock, ...(redisUrl ? { redisUrl } : {}) });
    try {
      return await work(memory, working);
    } finally {
      await working.close();
    }
  }, { create, redisUrl });
}

/**
 * A file the command line names, read whole. Only a regular file: `working store @/dev/zero` (or a FIFO no one
 * writes to) read without end, printing nothing, its memory growing until it was killed.
 */
function readNamedFile(file: string, what: string): string {
  try {
    if (!fs.statSync(file).isFile()) throw new CliUsageError(`cannot read the ${what} ${file}: not a regular file (a device, a FIFO or a socket)`);
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof CliUsageError) throw error;
    throw new CliUsageError(`cannot read the ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** A conversation given on the command line, or read from the file named after `@`; a bare file path is a usage error, not a conversation. */
function readTranscriptArgument(transcript: string): string {
  if (transcript.startsWith('@')) return readNamedFile(transcript.slice(1), 'transcript file');
  if (!transcript.includes('\n') && !/:\s/.test(transcript) && fs.existsSync(transcript)) {
    throw new CliUsageError(`"${transcript}" is a file path, not a conversation: write @${transcript} to read the file`);
  }
  return transcript;
}

/** working, graph, skills and consolidate: the memory layers from the command line. */
export function registerLayerCommands(program: Command, context: CliContext): void {
  const working = program.command('working').description('working memory: the last few whole conversations');
  working
    .command('store <transcript>')
    .description('store a conversation ("user: …\\nassistant: …" lines; @file reads a file)')
    .option('--id <conversationId>', 'conversation id (default: a timestamped one)')
    .option('--timestamp <time>', 'when it happened (ISO date or epoch ms; default now)')
    .option('--redis <url>', 'use Redis instead of the snapshot file')
    .action(async (transcript: string, options: Options, command: Command) => {
      // Read and checked before the agent is opened: a refused conversation creates no agent.
      const fullText = readTranscriptArgument(transcript);
      if (fullText.trim().length === 0) throw new CliUsageError(`the conversation ${transcript.startsWith('@') ? `in ${transcript.slice(1)} ` : ''}is empty: nothing to store`);
      checkConversationSize(fullText);
      const givenTimestamp = parseTime(text(options, 'timestamp'), 'timestamp');
      await withWorking(context, command, options, async (memory, store) => {
        const timestamp = givenTimestamp ?? memory.clock.now();
        if (!memory.embedder) throw new CliUsageError('working memory needs an embedder');
        const conversation = await describeConversation({ conversationId: text(options, 'id') ?? `c-${timestamp}`, timestamp, fullText }, memory.embedder);
        const result = await store.store.store({ agentId: memory.agentId }, conversation);
        context.print(command, { conversation: { ...conversation, embedding: undefined }, ...result }, () =>
          [result.stored ? `Stored ${conversation.conversationId} in ${store.location}` : `Not stored: ${conversation.conversationId} is older than the working-memory TTL`, `  entities: ${conversation.keyEntities.join(', ') || '—'}`, ...(result.evictedIds.length ? [`  evicted: ${result.evictedIds.join(', ')}`] : [])].join('\n'),
        );
      }, { create: true });
    });
  working
    .command('search <text>')
    .option('--top <n>', 'how many', '3')
    .option('--redis <url>', 'use Redis instead of the snapshot file')
    .action(async (query: string, options: Options, command: Command) => {
      if (!hasVisibleText(query)) throw new CliUsageError('the search text is empty');
      await withWorking(context, command, options, async (memory, store) => {
        const matches = await store.store.search({ agentId: memory.agentId }, { text: query }, parsePositiveIntegerOption(text(options, 'top'), 'top', MAX_LISTED) ?? 3);
        const rows = matches.map((match) => ({ conversationId: match.conversation.conversationId, score: match.score, breakdown: match.breakdown, userIntent: match.conversation.userIntent }));
        context.print(command, rows, () => rows.map((row) => `${row.score.toFixed(3)}  ${row.conversationId}  ${row.userIntent ?? ''}`).join('\n') || 'No matching conversation.');
      });
    });
  working
    .command('stats')
    .option('--redis <url>', 'use Redis instead of the snapshot file')
    .action(async (options: Options, command: Command) => {
      await withWorking(context, command, options, async (memory, store) => {
        const stats = await store.store.getStats({ agentId: memory.agentId });
        context.print(command, stats, () => `${stats.count} conversations, ${stats.totalTextBytes} bytes, oldest ${stats.oldest === null ? '—' : new Date(stats.oldest).toISOString()}`);
      });
    });

  const graph = program.command('graph').description('semantic memory: the knowledge graph');
  graph
    .command('query <text>')
    .description('recall by personalized PageRank blended with hybrid recall (links new memories first)')
    .option('--limit <n>', 'how many', '5')
    .option('--as-of <time>', 'only relations valid at this time')
    .option('--graph-weight <w>', 'share of the graph in the score (0..1)')
    .action(async (query: string, options: Options, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const knowledge = createKnowledgeGraph({ memory });
        await knowledge.linkMemories();
        const asOf = parseTime(text(options, 'asOf'), 'as-of');
        const graphWeight = parseNumberOption(text(options, 'graphWeight'), 'graph-weight');
        const results = await knowledge.recall(query, { limit: parsePositiveIntegerOption(text(options, 'limit'), 'limit', MAX_LISTED) ?? 5, ...(asOf === undefined ? {} : { asOf }), ...(graphWeight === undefined ? {} : { graphWeight }) });
        context.print(command, results, () => results.map((hit) => `${hit.score.toFixed(3)} (hybrid ${hit.explain.hybrid.toFixed(2)}, graph ${hit.explain.graph.toFixed(2)})  ${formatMemoryLine(hit.memory)}`).join('\n') || 'Nothing recalled.');
      });
    });
  graph
    .command('entities')
    .option('--limit <n>', 'how many', '30')
    .action(async (options: Options, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const knowledge = createKnowledgeGraph({ memory });
        await knowledge.linkMemories();
        const entities = await knowledge.entities({ limit: parsePositiveIntegerOption(text(options, 'limit'), 'limit', MAX_LISTED) ?? 30 });
        context.print(command, entities, () => entities.map((entity) => `${String(entity.mentions).padStart(4)}  ${entity.name} (${entity.type})`).join('\n') || 'No entities yet.');
      });
    });
  graph
    .command('neighbors <entity>')
    .option('--as-of <time>', 'only relations valid at this time')
    .action(async (entity: string, options: Options, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const knowledge = createKnowledgeGraph({ memory });
        await knowledge.linkMemories();
        const asOf = parseTime(text(options, 'asOf'), 'as-of');
        const relations = await knowledge.neighbors(entity, asOf === undefined ? {} : { asOf });
        context.print(command, relations, () => relations.map(formatRelation).join('\n') || `No relations of "${entity}".`);
      });
    });

  const skills = program.command('skills').description('procedural memory: learned skills');
  const library = (memory: Hippocampus) => engineSkillLibrary(memory, backendCapability(memory.backend, 'skills', 'The skill library'));
  skills
    .command('add <name>')
    .requiredOption('--description <text>', 'what the skill does')
    .option('--code <code>', 'the code (or --code-file)')
    .option('--code-file <file>', 'read the code from a file')
    .option('--language <language>', 'language of the code', 'shell')
    .option('--inputs <json>', 'parameters as JSON: [{"name":"env"}]')
    .action(async (name: string, options: Options, command: Command) => {
      const codeFile = text(options, 'codeFile');
      const code = codeFile ? readNamedFile(codeFile, 'code file') : text(options, 'code');
      if (code === undefined) throw new CliUsageError('skills add needs --code or --code-file');
      const inputs = parseJsonOption(text(options, 'inputs'), 'inputs') as SkillParameter[] | undefined;
      await context.writeMemory(command, async (memory) => {
        const result = await library(memory).addSkill({ name, description: text(options, 'description')!, code, language: text(options, 'language') ?? 'shell', ...(inputs ? { inputs } : {}) });
        context.print(command, result, () => `${result.status} ${result.skill.name} v${result.skill.version} (${result.skill.id})`);
      });
    });
  skills
    .command('find <task>')
    .option('--top <n>', 'how many', '5')
    .action(async (task: string, options: Options, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const matches = await library(memory).findSkills(task, parsePositiveIntegerOption(text(options, 'top'), 'top', MAX_LISTED) ?? 5);
        context.print(command, matches, () =>
          matches.map((match) => `${match.score.toFixed(3)}  ${match.skill.name} v${match.skill.version}  similarity ${match.similarity.toFixed(2)} × success ${match.successRate.toFixed(2)} (${match.skill.successCount}/${match.skill.successCount + match.skill.failureCount})  ${match.skill.id}`).join('\n') || 'No skill fits.',
        );
      });
    });
  skills
    .command('outcome <skillId>')
    .option('--success', 'it worked')
    .option('--failure', 'it did not')
    .option('--notes <text>', 'what happened')
    .action(async (skillId: string, options: Options, command: Command) => {
      if (Boolean(options.success) === Boolean(options.failure)) throw new CliUsageError('skills outcome needs exactly one of --success or --failure');
      await context.withMemory(command, async (memory) => {
        const notes = text(options, 'notes');
        const skill = await library(memory).recordOutcome(skillId, options.success === true, notes);
        context.print(command, skill, () => `${skill.name} v${skill.version}: ${skill.successCount} successes, ${skill.failureCount} failures`);
      });
    });

  program
    .command('consolidate')
    .description("mine working-memory conversations not yet consolidated into facts and the knowledge graph (use the global --agent)")
    .option('--redis <url>', 'use Redis instead of the snapshot file')
    .action(async (options: Options, command: Command) => {
      await withWorking(context, command, options, async (memory, store) => {
        const report = await consolidateWorkingMemory({ memory, working: store.store });
        context.print(command, report, () =>
          `Consolidated ${report.conversationIds.length} conversation(s) (${report.alreadyConsolidated} already done): ${report.facts} facts, ${report.graph.entitiesCreated} new entities, ${report.graph.relationsCreated} new relations`,
        );
        // Only Redis can hold conversations of an agent with nothing stored yet: without it, a misspelled --agent
        // made an empty agent (SQLite) or left a model binding and a consolidation run behind (PostgreSQL).
      }, { create: text(options, 'redis') !== undefined });
    });
}
