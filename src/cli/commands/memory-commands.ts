import type { Command } from 'commander';
import { limitsConfigSchema } from '../../config/config-schema.ts';
import { memoryIdsSchema } from '../../config/engine-call-schemas.ts';
import { parseWith } from '../../config/parse.ts';
import { systemClock } from '../../core/system-clock.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { NotFoundError } from '../../errors/not-found-error.ts';
import { createExperienceValidator } from '../../memory/experience-validation.ts';
import { forgetIdsNamingBlockLines } from '../../forget/forget-ids.ts';
import { conversationsNamed } from '../../forget/working-conversations.ts';
import { createHippocampus, type Hippocampus } from '../../memory/hippocampus.ts';
import type { MemoryType } from '../../spec/memory-record.ts';
import type { CliContext } from '../cli-context.ts';
import { formatMemoryLine, formatMemoryList, parseJsonOption, parseListOption, parseNumberOption } from '../format.ts';

/** remember, recall, related, get, forget, stats: the engine's API, one command each. */
export function registerMemoryCommands(program: Command, context: CliContext): void {
  program
    .command('remember <text>')
    .description('store an experience (durable once this returns)')
    .option('--type <type>', 'chat | observation | task | decision | tool-use | error | insight', 'observation')
    .option('--importance <n>', 'override the computed importance (0..1)')
    .option('--tags <list>', 'comma-separated tags')
    .option('--context <json>', 'context object as JSON')
    .option('--domain <domain>', 'domain')
    .option('--session <id>', 'session id')
    .action(async (text: string, options: Record<string, string | undefined>, command: Command) => {
      const importance = parseNumberOption(options.importance, 'importance');
      const input = {
        type: options.type as MemoryType,
        content: text,
        ...(importance === undefined ? {} : { importance }),
        ...(options.tags === undefined ? {} : { tags: parseListOption(options.tags) }),
        ...(options.context === undefined ? {} : { context: parseJsonOption(options.context, 'context') as Record<string, unknown> }),
        ...(options.domain === undefined ? {} : { domain: options.domain }),
        ...(options.session === undefined ? {} : { sessionId: options.session }),
      };
      // Checked as the engine will check it, before the agent is opened: a refused experience creates no agent.
      createExperienceValidator({ limits: limitsConfigSchema.parse(undefined), clock: systemClock, generateId: () => 'unchecked', agentId: context.globals(command).agent, sessionId: 'unchecked' })(input);
      await context.writeMemory(command, async (memory) => {
        const result = await memory.remember(input);
        const report = await memory.consolidate('cli');
        const kept = report.keptIds.includes(result.memory.id) || result.memory.consolidatedAt !== null;
        const stored = kept ? { ...result.memory, consolidatedAt: result.memory.consolidatedAt ?? report.startedAt } : result.memory;
        context.print(command, { memory: stored, duplicateOf: result.duplicateOf, longTerm: kept }, () =>
          [
            result.duplicateOf ? `Reinforced existing memory ${result.duplicateOf} (encounters: ${result.memory.encounterCount})` : `Remembered ${result.memory.id}`,
            `  importance ${result.memory.importance.toFixed(2)} → ${kept ? 'long-term memory' : `short-term (consolidates at ≥ ${memory.config.consolidation.threshold}, pruned after ${memory.config.shortTerm.maxAgeMs / 60000} min otherwise)`}`,
          ].join('\n'),
        );
      });
    });

  program
    .command('recall')
    .description('list memories, newest first (short- and long-term)')
    .option('--type <list>', 'only these types (comma-separated)')
    .option('--tags <list>', 'any of these tags')
    .option('--min-importance <n>', 'at least this importance')
    .option('--since <date>', 'on or after this time (ISO date)')
    .option('--until <date>', 'on or before this time (ISO date)')
    .option('--domain <domain>', 'only this domain')
    .option('--text <text>', 'content contains this text')
    .option('--limit <n>', 'at most this many', '20')
    .option('--by-importance', 'most important first')
    .action(async (options: Record<string, string | boolean | undefined>, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const asString = (key: string) => (typeof options[key] === 'string' ? (options[key] as string) : undefined);
        const minImportance = parseNumberOption(asString('minImportance'), 'min-importance');
        const records = await memory.recall({
          ...(asString('type') ? { types: parseListOption(asString('type')) as MemoryType[] } : {}),
          ...(asString('tags') ? { tags: parseListOption(asString('tags')) } : {}),
          ...(minImportance === undefined ? {} : { minImportance }),
          ...(asString('since') ? { since: asString('since') } : {}),
          ...(asString('until') ? { until: asString('until') } : {}),
          ...(asString('domain') ? { domain: asString('domain') } : {}),
          ...(asString('text') ? { text: asString('text') } : {}),
          limit: parseNumberOption(asString('limit'), 'limit') ?? 20,
          orderBy: options.byImportance ? 'importance' : 'timestamp',
        });
        context.print(command, records, () => formatMemoryList(records));
      });
    });

  program
    .command('related')
    .description('memories that share a user, room or task')
    .option('--user <id>', 'context.userId')
    .option('--room <id>', 'context.roomId')
    .option('--task <id>', 'context.taskId')
    .option('--limit <n>', 'at most this many', '20')
    .action(async (options: Record<string, string | undefined>, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const records = await memory.recallRelated({
          ...(options.user ? { userId: options.user } : {}),
          ...(options.room ? { roomId: options.room } : {}),
          ...(options.task ? { taskId: options.task } : {}),
          limit: parseNumberOption(options.limit, 'limit') ?? 20,
        });
        context.print(command, records, () => formatMemoryList(records));
      });
    });

  program
    .command('get <id>')
    .description('one memory, all fields')
    .action(async (id: string, _options: unknown, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const record = await memory.get(id).catch(async (error: unknown) => {
          // The id may belong to another agent: say which, since --agent is the usual slip.
          if (!HippocampusError.isInstance(error) || error.code !== 'NOT_FOUND') throw error;
          const owners = await agentsHolding(context, memory, id);
          throw owners.length > 0 ? new NotFoundError({ what: 'Memory', id, hint: `it belongs to agent ${owners.join(', ')}: add --agent ${owners[0]}` }) : error;
        });
        context.print(command, record, () => `${formatMemoryLine(record)}\n${JSON.stringify(record, null, 2)}`);
      });
    });

  program
    .command('forget <ids...>')
    .description('hard-delete memories by id, or working-memory conversations by id (as `working store --id` named them)')
    .option('--redis <url>', 'working memory in Redis too: its conversations holding the forgotten text go, and conversation ids are looked up there')
    .action(async (ids: string[], options: { redis?: string }, command: Command) => {
      await context.withMemory(command, async (memory) => {
        // All or nothing: an id that does not exist is a mistake to report before anything is deleted.
        // Checked as the engine's forget checks them, before they are looked up: an empty id is a usage error.
        const records = await memory.store.getMany({ agentId: memory.agentId }, parseWith(memoryIdsSchema, ids, 'memory ids'));
        const found = new Set(records.map((record) => record.id));
        // Conversations in working memory (the snapshot, or Redis with --redis) go by their ids, as HTTP forget {ids} takes them.
        const conversations = await conversationsNamed(memory, ids.filter((id) => !found.has(id)));
        const unknown = [...new Set(ids.filter((id) => !found.has(id) && !conversations.ids.includes(id)))];
        if (unknown.length > 0) throw new NotFoundError({ what: unknown.length === 1 ? 'Memory' : 'Memories', id: unknown.join(', '), hint: `nothing was forgotten (agent ${memory.agentId})`, plural: unknown.length > 1 });
        const dropped = await conversations.forget();
        const memoryIds = ids.filter((id) => found.has(id));
        // Memory blocks are the agent's own notes and are not rewritten: the lines that still say it are named, as forget_memory names them.
        const { deleted, conversations: alsoDropped, ...inBlocks } = memoryIds.length > 0 ? await forgetIdsNamingBlockLines(memory, memoryIds, records) : { deleted: [] as string[], conversations: [] as string[] };
        // The conversations that still held a forgotten memory's text went with it: named beside the confirmed ones.
        dropped.push(...alsoDropped);
        const missing = memoryIds.filter((id) => !deleted.includes(id));
        context.print(command, { deleted, missing, ...(dropped.length > 0 ? { conversations: dropped } : {}), ...inBlocks }, () =>
          [
            `Forgot ${deleted.length} memor${deleted.length === 1 ? 'y' : 'ies'}${dropped.length ? ` and ${dropped.length} working-memory conversation${dropped.length === 1 ? '' : 's'}` : ''}${missing.length ? `; not found: ${missing.join(', ')}` : ''}`,
            ...(inBlocks.stillInBlocks ?? []).flatMap((entry) => entry.lines.map((line) => `  block "${entry.key}": ${line}`)),
            ...(inBlocks.next ? [inBlocks.next] : []),
          ].join('\n'),
        );
      }, { redisUrl: options.redis });
    });

  program
    .command('stats')
    .description('counts by type and tier, database size, last consolidation')
    .action(async (_options: unknown, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const stats = await memory.stats();
        context.print(command, stats, () =>
          [
            `agent ${stats.agentId}: ${stats.total} memories (${stats.shortTerm} short-term, ${stats.total - stats.shortTerm} long-term)`,
            `by type: ${Object.entries(stats.byType).map(([type, count]) => `${type} ${count}`).join(', ') || '-'}`,
            `long-term by tier: core ${stats.byTier.core}, active ${stats.byTier.active}, background ${stats.byTier.background}, archival ${stats.byTier.archival}`,
            `database: ${(stats.sizeBytes / 1024).toFixed(1)} KiB`,
            `last consolidation: ${stats.lastConsolidation ? `${new Date(stats.lastConsolidation.startedAt).toISOString()} (${stats.lastConsolidation.kept} kept, ${stats.lastConsolidation.pruned} pruned)` : 'never'}`,
          ].join('\n'),
        );
      });
    });
}

/** Other agents under the same home that hold a memory with this id (at most 50 looked at, keyword-only engines). */
async function agentsHolding(context: CliContext, memory: Hippocampus, id: string): Promise<string[]> {
  const owners: string[] = [];
  for (const agentId of context.agentsIn(memory.home).filter((agent) => agent !== memory.agentId).slice(0, 50)) {
    const other = await createHippocampus({ home: memory.home, agentId, embedder: null });
    try {
      if ((await other.store.getMany({ agentId }, [id])).length > 0) owners.push(agentId);
    } finally {
      await other.stop();
    }
  }
  return owners;
}
