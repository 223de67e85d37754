import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { listArchivalCandidates, resolveArchivalCandidates } from '../../live/archival-review.ts';
import type { ConversationSource } from '../../live/conversation-source.ts';
import { loadCoreMemories, MAX_CORE_BUDGET_TOKENS } from '../../live/core-memories.ts';
import { createLiveWatcher, DEFAULT_WATCH_INTERVAL_MS, MAX_ANALYZED_CHARACTERS, MAX_WATCH_BATCH, type LiveWatcherEvent } from '../../live/live-watcher.ts';
import { createMessagesTableSource, createStoredMessagesSource } from '../../live/messages-table-source.ts';
import { validTableName } from '../../conversations/messages-table.ts';
import { exportMirror } from '../../live/mirror-export.ts';
import { importMirror } from '../../live/mirror-import.ts';
import { createTranscriptSource } from '../../live/transcript-source.ts';
import { ROLE_ALIASES, TRANSCRIPT_ROLES } from '../../live/transcript-line.ts';
import type { Hippocampus } from '../../memory/hippocampus.ts';
import type { CliContext } from '../cli-context.ts';
import { CliUsageError } from '../cli-usage-error.ts';
import { consolidationOption, parseListOption, parseNumberOption, parsePositiveIntegerOption } from '../format.ts';
import { scheduleConsolidationService } from '../../layers/nightly-consolidation.ts';


const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "10m", "30s", "1h", "500ms" or plain milliseconds. */
export function parseInterval(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (!match) throw new CliUsageError(`--interval must look like 10m, 30s, 1h or 500ms, got "${value}"`);
  const milliseconds = Number(match[1]) * UNITS[match[2] ?? 'ms']!;
  if (milliseconds < 100) throw new CliUsageError('--interval must be at least 100ms');
  return milliseconds;
}

function describeEvent(event: LiveWatcherEvent): string | null {
  if (event.type === 'problem') return `${event.sourceId} line ${event.line}: skipped: ${event.message}`;
  if (event.type === 'long-message') return `${event.sourceId} message ${event.messageId}: ${event.characters} characters; only the first ${MAX_ANALYZED_CHARACTERS} were analyzed`;
  if (event.type === 'reset') return `${event.sourceId}: ${event.reason}; reading the new content from its start`;
  if (event.type === 'error') return `watch error: ${event.error.message}`;
  return null;
}

/** The store's own messages table, read once first: a missing table is refused now, not watched forever. */
async function storedMessagesSource(memory: Hippocampus, table: string): Promise<ConversationSource> {
  const source = createStoredMessagesSource({ memory, table });
  await source.read(null, { maxMessages: 0 });
  return source;
}

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    // The watcher's and the consolidation's timers are unref'd (a library must not keep its host alive);
    // this command is the one thing that should, until a signal. Without it `watch --follow` exited (code
    // 13, an unsettled await) right after its first batch.
    const keepAlive = setInterval(() => undefined, 1 << 30);
    const stop = () => {
      clearInterval(keepAlive);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** watch, core, review, index export|import: the live hippocampus from the command line. */
export function registerLiveCommands(program: Command, context: CliContext): void {
  program
    .command('watch')
    .description('turn a conversation into weighted memories: every 10 minutes by default, --follow, or --once')
    .option('--source <file>', `JSONL transcript: {role|speaker, content, timestamp, id?} per line; role is ${TRANSCRIPT_ROLES.join(', ')} or another framework's name for one (${Object.keys(ROLE_ALIASES).join(', ')}); other roles are read past`)
    .option('--db <file>', 'SQLite database holding a messages table (with --table)')
    .option('--table <name>', 'messages table name', 'messages')
    .option('--messages-table <name>', "the messages table kept in the agent's own store, SQLite or PostgreSQL (the one recall_conversation searches)")
    .option('--interval <duration>', 'poll period (10m, 30s, 1h)', '10m')
    .option('--follow', 'follow the source as it grows')
    .option('--once', 'analyze what is new, then exit')
    .option('--batch <n>', 'messages per batch', '50')
    .option('--consolidate-at <when>', 'while following or polling: working → semantic consolidation at an hour in UTC (nightly), an interval (30m, 6h) or never', '3')
    .action(async (options: Record<string, string | boolean | undefined>, command: Command) => {
      const file = typeof options.source === 'string' ? options.source : undefined;
      const database = typeof options.db === 'string' ? options.db : undefined;
      const storedTable = typeof options.messagesTable === 'string' ? validTableName(options.messagesTable) : undefined;
      if ([file, database, storedTable].filter((input) => input !== undefined).length !== 1) throw new CliUsageError('watch needs exactly one of --source <file>, --db <file> or --messages-table <name>');
      const schedule = consolidationOption(String(options.consolidateAt));
      const input = file ?? database;
      // A source that does not exist would be watched forever, analysing nothing ("0 messages analyzed").
      if (input !== undefined && !fs.existsSync(input)) throw new CliUsageError(`the ${file ? 'transcript' : 'database'} ${input} does not exist`);
      if (input !== undefined && fs.statSync(input).isDirectory()) throw new CliUsageError(`the ${file ? 'transcript' : 'database'} ${input} is a directory, not a file`);
      const intervalMs = options.interval === '10m' ? DEFAULT_WATCH_INTERVAL_MS : parseInterval(String(options.interval));
      const batchSize = parsePositiveIntegerOption(String(options.batch), 'batch', MAX_WATCH_BATCH) ?? 50;
      await context.writeMemory(command, async (memory) => {
        const source: ConversationSource & { close?(): void } = file
          ? createTranscriptSource({ file })
          : database
            ? createMessagesTableSource({ database: path.resolve(database), table: String(options.table) })
            : await storedMessagesSource(memory, storedTable!);
        const totals = { messages: 0, created: 0, reinforced: 0, skippedLines: 0, readPast: 0 };
        const watcher = createLiveWatcher({
          memory,
          source,
          batchSize,
          intervalMs,
          onEvent(event) {
            const line = describeEvent(event);
            if (line) context.stderr(line);
            if (event.type === 'problem') totals[event.readPast ? 'readPast' : 'skippedLines'] += 1;
            if (event.type === 'batch') {
              totals.messages += event.report.messages;
              totals.created += event.report.created.length;
              totals.reinforced += event.report.reinforced.length;
              if (!options.once) context.stdout(`${event.report.messages} messages → ${event.report.created.length} new, ${event.report.reinforced.length} reinforced`);
            }
          },
        });
        try {
          if (options.once) await watcher.runOnce();
          else {
            const nightly = scheduleConsolidationService({
              schedule,
              clock: memory.clock,
              agents: () => [memory.agentId],
              withEngine: (_agentId, work) => work(memory),
              onPass: (pass) => context.stderr(`consolidated working memory: ${pass.conversations} conversations, ${pass.facts} facts${pass.failures.length ? `; failed: ${pass.failures[0]!.message}` : ''}`),
            });
            watcher.start(options.follow ? 'follow' : 'interval');
            context.stderr(`watching ${source.id} (${options.follow ? 'following' : `every ${Math.round(intervalMs / 1000)}s`}); Ctrl-C to stop`);
            await waitForSignal();
            nightly.stop();
            await watcher.stop();
          }
        } finally {
          source.close?.();
        }
        context.print(command, totals, () => `${totals.messages} messages analyzed: ${totals.created} new memories, ${totals.reinforced} reinforced, ${totals.skippedLines} malformed lines skipped, ${totals.readPast} read past (a role no one speaks in)`);
      });
    });

  program
    .command('core')
    .description('the core memories (live score ≥ 0.7) as a prompt block for the start of a session')
    .option('--budget <tokens>', 'token budget (approximate: characters / 4)', '800')
    .action(async (options: { budget: string }, command: Command) => {
      const budgetTokens = parsePositiveIntegerOption(options.budget, 'budget', MAX_CORE_BUDGET_TOKENS) ?? 800;
      await context.withMemory(command, async (memory) => {
        const block = await loadCoreMemories(memory, { budgetTokens });
        context.print(command, { text: block.text, omitted: block.omitted, approximateTokens: block.approximateTokens, ids: block.included.map((entry) => entry.memory.id) }, () => block.text);
      });
    });

  program
    .command('review')
    .description('archival candidates (live score < 0.2); archive or delete them by id — nothing goes without you')
    .option('--archive <ids>', 'keep these, tagged "archived" (comma-separated ids)')
    .option('--delete <ids>', 'forget these for good (comma-separated ids)')
    .action(async (options: { archive?: string; delete?: string }, command: Command) => {
      await context.withMemory(command, async (memory) => {
        if (options.archive !== undefined || options.delete !== undefined) {
          const result = await resolveArchivalCandidates(memory, { archive: parseListOption(options.archive) ?? [], delete: parseListOption(options.delete) ?? [] });
          context.print(command, result, () => `archived ${result.archived.length}, deleted ${result.deleted.length}`);
          return;
        }
        const candidates = await listArchivalCandidates(memory);
        context.print(command, candidates.map((entry) => ({ id: entry.memory.id, score: entry.score, domain: entry.memory.domain, content: entry.memory.content })), () =>
          candidates.length === 0
            ? 'No archival candidates.'
            : [...candidates.map((entry) => `${entry.memory.id}  ${entry.score.toFixed(2)}  [${entry.memory.domain ?? '-'}] ${entry.memory.content}`), '', 'Keep them with --archive <ids> or forget them with --delete <ids>.'].join('\n'),
        );
      });
    });

  const index = program.command('index').description('the human-readable mirror: memory/index.json and per-domain Markdown');
  index
    .command('export')
    .option('--dir <dir>', 'mirror directory', 'memory')
    .action(async (options: { dir: string }, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const result = await exportMirror(memory, { dir: options.dir });
        context.print(command, result, () => `wrote ${result.memories} memories to ${result.files.length} files under ${options.dir}`);
      });
    });
  index
    .command('import')
    .option('--dir <dir>', 'mirror directory', 'memory')
    .action(async (options: { dir: string }, command: Command) => {
      const index = path.join(options.dir, 'index.json');
      if (!fs.existsSync(index)) throw new CliUsageError(`no mirror to import: ${index} does not exist (write one with hippocampus index export --dir ${options.dir})`);
      await context.writeMemory(command, async (memory) => {
        const report = await importMirror(memory, { dir: options.dir });
        context.print(command, report, () => `imported ${index}: ${report.created.length} new, ${report.updated.length} updated, ${report.unchanged} unchanged${report.alreadyStored.length > 0 ? `, ${report.alreadyStored.length} already stored word for word` : ''}`);
      });
    });
}
