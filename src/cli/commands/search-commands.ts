import type { Command } from 'commander';
import { formatMemoriesForPrompt } from '../../core/prompt-format.ts';
import type { RecallResult } from '../../memory/relevant-recall.ts';
import type { CliContext } from '../cli-context.ts';
import { formatMemoryLine, parseListOption, parseNumberOption } from '../format.ts';
import { createProgressBar } from '../progress-bar.ts';
import { CliUsageError } from '../cli-usage-error.ts';
import { routeOnce } from '../../layers/agent-layers.ts';
import type { RoutedAnswer } from '../../router/query-router.ts';

function formatResults(results: RecallResult[], explain: boolean): string {
  if (results.length === 0) return '(nothing relevant)';
  return results
    .map((result) => {
      const line = `${result.score.toFixed(3)}  ${formatMemoryLine(result.memory)}`;
      if (!explain) return line;
      const parts = Object.entries(result.explain.contributions)
        .filter(([, value]) => value > 0)
        .map(([signal, value]) => `${signal} ${result.explain.signals[signal as keyof typeof result.explain.signals].toFixed(2)}×${result.explain.weights[signal as keyof typeof result.explain.weights].toFixed(2)}=${value.toFixed(3)}`);
      return `${line}\n        ${parts.join('  ')}`;
    })
    .join('\n');
}

function formatRouted(answer: RoutedAnswer): string {
  const lines = [`answered by the ${answer.layer} layer`, ...answer.consulted.map((entry) => `  ${entry.served ? '✓' : '·'} ${entry.layer}: ${entry.note}`)];
  if (answer.layer === 'working') lines.push(...answer.working.map((match) => `  conversation ${match.conversation.conversationId} (${match.score.toFixed(2)}): ${match.conversation.fullText.slice(0, 120).replace(/\s+/g, ' ')}`));
  if (answer.layer === 'procedural') lines.push(...answer.skills.map((match) => `  skill ${match.skill.name} (${match.score.toFixed(2)}): ${match.skill.description}`));
  lines.push(...answer.memories.map(({ memory, score }) => `  ${score.toFixed(3)}  ${formatMemoryLine(memory)}`));
  return lines.join('\n');
}

/** `memory search|similar|export` and `data vector-search|backfill-vectors|vector-stats`. */
export function registerSearchCommands(program: Command, context: CliContext): void {
  const memoryCommand = program.command('memory').description('semantic and hybrid recall');
  memoryCommand
    .command('search')
    .description('hybrid recall with a score breakdown')
    .option('--query <text>', 'what to recall')
    .option('--keywords <list>', 'keyword-only recall of these words (comma-separated)')
    .option('--min-importance <n>', 'at least this importance')
    .option('--limit <n>', 'at most this many', '10')
    .option('--mode <mode>', 'hybrid | semantic | keyword', 'hybrid')
    .option('--explain', 'show each signal of the score')
    .option('--route', 'let the router pick the layer (working memory, knowledge graph + long-term, skills) and say why')
    .option('--redis <url>', 'with --route: working memory in Redis (as `working store --redis` keeps it) instead of the snapshot file')
    .action(async (options: Record<string, string | boolean | undefined>, command: Command) => {
      if (typeof options.redis === 'string' && !options.route) throw new CliUsageError('--redis needs --route (only the router reads working memory)');
      await context.withMemory(command, async (memory) => {
        if (options.route) {
          if (typeof options.query !== 'string') throw new CliUsageError('--route needs --query');
          const answer = await routeOnce(memory, options.query);
          context.print(command, { layer: answer.layer, consulted: answer.consulted, memories: answer.memories, working: answer.working.map((match) => ({ conversationId: match.conversation.conversationId, score: match.score })), skills: answer.skills.map((match) => ({ name: match.skill.name, score: match.score })) }, () => formatRouted(answer));
          return;
        }
        const minImportance = parseNumberOption(options.minImportance as string | undefined, 'min-importance');
        const common = { limit: parseNumberOption(options.limit as string, 'limit') ?? 10, ...(minImportance === undefined ? {} : { minImportance }) };
        const results =
          typeof options.keywords === 'string'
            ? await memory.recallByKeywords(parseListOption(options.keywords) ?? [], common)
            : await memory.recallRelevant(String(options.query ?? ''), { ...common, mode: options.mode as 'hybrid' });
        context.print(command, results, () => formatResults(results, options.explain === true));
      }, { redisUrl: typeof options.redis === 'string' ? options.redis : undefined });
    });

  memoryCommand
    .command('similar')
    .description('memories closest in meaning to one memory')
    .requiredOption('--memory-id <id>', 'the memory')
    .option('--limit <n>', 'at most this many', '5')
    .action(async (options: { memoryId: string; limit: string }, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const similar = await memory.recallSimilarTo(options.memoryId, { limit: parseNumberOption(options.limit, 'limit') ?? 5 });
        context.print(command, similar, () => similar.map((entry) => `${entry.similarity.toFixed(3)}  ${formatMemoryLine(entry.memory)}`).join('\n') || '(none)');
      });
    });

  memoryCommand
    .command('export')
    .description('export what a query recalls, as Markdown or JSON')
    .requiredOption('--query <text>', 'what to export')
    .option('--format <format>', 'markdown | json', 'markdown')
    .option('--limit <n>', 'at most this many', '20')
    .option('--include-scores', 'add each score and its breakdown')
    .action(async (options: { query: string; format: string; limit: string; includeScores?: boolean }, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const results = await memory.recallRelevant(options.query, { limit: parseNumberOption(options.limit, 'limit') ?? 20 });
        if (options.format === 'json') {
          context.stdout(JSON.stringify(results.map((result) => (options.includeScores ? result : result.memory)), null, 2));
          return;
        }
        if (options.format !== 'markdown') throw new CliUsageError(`--format must be markdown or json, got "${options.format}"`);
        const block = formatMemoriesForPrompt(results.map((result) => result.memory), { now: memory.clock.now(), title: `Memories about "${options.query}"` });
        const scores = options.includeScores ? `\n\n| score | semantic | keyword | thread | time | hop | session | speaker | strength | recency | importance |\n|---|---|---|---|---|---|---|---|---|---|---|\n${results.map((result) => `| ${[result.score, ...Object.values(result.explain.signals)].map((value) => value.toFixed(3)).join(' | ')} |`).join('\n')}` : '';
        context.stdout(block + scores);
      });
    });

  const data = program.command('data').description('the stored data: vectors (search, backfill, stats), check, recover, migrate');
  data
    .command('vector-search')
    .description('semantic search with a filter (filter language: $eq $ne $gt $gte $lt $lte $in $nin, context.<path>)')
    .requiredOption('--query <text>', 'what to look for')
    .option('--filter <json>', 'e.g. \'{"context.domain":"debugging","importance":{"$gte":0.6}}\'')
    .option('--limit <n>', 'at most this many', '10')
    .action(async (options: { query: string; filter?: string; limit: string }, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const results = await memory.recallRelevant(options.query, { mode: 'semantic', limit: parseNumberOption(options.limit, 'limit') ?? 10, ...(options.filter ? { filter: options.filter } : {}) });
        context.print(command, results, () => formatResults(results, true));
      });
    });

  data
    .command('backfill-vectors')
    .description('embed memories that have no vector yet (after a model change: --reembed)')
    .option('--batch-size <n>', 'memories per batch', '100')
    .option('--reembed', 'bind the agent to the current embedder, dropping vectors of the old model, then backfill')
    .action(async (options: { batchSize: string; reembed?: boolean }, command: Command) => {
      const { home, agent, store } = context.globals(command);
      const { createHippocampus } = await import('../../memory/hippocampus.ts');
      const memory = await createHippocampus({ home, agentId: agent, ...(store === undefined ? {} : { store }), allowModelChange: options.reembed === true });
      try {
        const done = await memory.backfillVectors({ batchSize: parseNumberOption(options.batchSize, 'batch-size') ?? 100, onProgress: createProgressBar((text) => process.stderr.write(text)) });
        context.print(command, { embedded: done }, () => `Embedded ${done} memories`);
      } finally {
        await memory.stop();
      }
    });

  data
    .command('vector-stats')
    .description('memories, memories with vectors, dimensions, model and index size')
    .action(async (_options: unknown, command: Command) => {
      await context.withMemory(command, async (memory) => {
        const stats = await memory.vectorStats();
        context.print(command, stats, () =>
          [`memories: ${stats.total}`, `with vectors: ${stats.withVectors}`, `model: ${stats.provider ?? '-'}/${stats.modelId ?? '-'} (${stats.dimensions ?? '-'} dimensions)`, `index size: ${(stats.indexBytes / 1024 / 1024).toFixed(2)} MB`].join('\n'),
        );
      });
    });
}
