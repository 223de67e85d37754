import type { Command } from 'commander';
import { runLocomoBenchmark } from '../../evaluation/locomo-benchmark.ts';
import { runSalienceBenchmark } from '../../evaluation/salience-benchmark.ts';
import type { CliContext } from '../cli-context.ts';
import { parseJsonOption } from '../format.ts';

/** `hippocampus bench locomo --data <dir> --json`: the retrieval benchmark, one JSON object on stdout. */
export function registerBenchCommand(program: Command, context: CliContext): void {
  const bench = program.command('bench').description('benchmarks of the product on real data');
  bench
    .command('locomo')
    .description('recall@k on LoCoMo conversations with the default recallRelevant')
    .requiredOption('--data <dir>', 'directory of LoCoMo conversation JSON files')
    .option('--recall-options <json>', 'extra recallRelevant options (for experiments), as JSON')
    .option('--keyword-only', 'run without an embedder (BM25 and memory dynamics only)')
    .option('--conversations <names>', 'only these conversations (file names without .json, comma-separated)')
    .action(async (options: { data: string; recallOptions?: string; keywordOnly?: boolean; conversations?: string }, command: Command) => {
      const { store } = context.globals(command);
      const report = await runLocomoBenchmark({
        dataDirectory: options.data,
        engine: { ...(options.keywordOnly ? { embedder: null } : {}), ...(store === undefined ? {} : { store }) },
        ...(options.conversations ? { only: options.conversations.split(',').map((name) => name.trim()) } : {}),
        ...(options.recallOptions ? { recall: parseJsonOption(options.recallOptions, 'recall-options') as Record<string, unknown> } : {}),
        onProgress: (message) => context.stderr(message),
      });
      context.print(command, report, () =>
        [
          `LoCoMo: ${report.questions} questions`,
          `recall@k: ${Object.entries(report.recall).map(([k, value]) => `R@${k} ${value}`).join('  ')}`,
          ...Object.entries(report.byCategory).map(([category, entry]) => `  category ${category} (${entry.questions}): ${Object.entries(entry.recall).map(([k, value]) => `R@${k} ${value}`).join('  ')}`),
          `ingest ${report.ingestMsPerTurn} ms/turn; recall p50 ${report.recallP50Ms} ms, p95 ${report.recallP95Ms} ms`,
        ].join('\n'),
      );
    });
  bench
    .command('salience')
    .description("ROC-AUC of the live watcher's importance against the turns LoCoMo annotators found memorable, with text length as the same-run baseline")
    .requiredOption('--data <dir>', 'directory of LoCoMo conversation JSON files')
    .action(async (options: { data: string }, command: Command) => {
      const report = await runSalienceBenchmark({ dataDirectory: options.data, onProgress: (message) => context.stderr(message) });
      context.print(command, report, () =>
        [
          `salience over ${report.userTurns} user turns of ${report.conversations} conversations (${report.memorableTurns} memorable): AUC ${report.auc} (${report.storedImportanceAuc} with memories' current importance), text length ${report.lengthAuc}`,
          `kept ${report.keptShare} of user turns, ${report.memorableKeptShare} of memorable ones; ${report.memoriesPerTurn} memories per user turn`,
          ...Object.entries(report.byConversation).map(([name, entry]) => `  ${name}: AUC ${entry.auc} (length ${entry.lengthAuc}), kept ${entry.keptShare}`),
        ].join('\n'),
      );
    });
}
