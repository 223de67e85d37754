import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Command } from 'commander';
import { agentPaths } from '../../config/agent-paths.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { historyOf, quickCheck, recoveryCommand } from '../../stores/sqlite/database-health.ts';
import { salvageDatabase } from '../../stores/sqlite/salvage-database.ts';
import { storeSchema } from '../../config/config-schema.ts';
import { parseWith } from '../../config/parse.ts';
import { NotFoundError } from '../../errors/not-found-error.ts';
import { copyAgent } from '../../stores/copy-agent.ts';
import { openBackend } from '../../stores/open-backend.ts';
import type { CliContext } from '../cli-context.ts';

interface AgentHealth {
  agent: string;
  file: string;
  state: 'ok' | 'damaged' | 'missing' | 'empty';
  problems: string[];
  megabytes: number;
  checkMs: number;
}

/** A full quick_check of one agent's database, read-only: never opens it for writing. */
export function checkAgentDatabase(home: string, agent: string): AgentHealth {
  const paths = agentPaths(home, agent);
  const file = paths.longTermDatabase;
  const size = fs.existsSync(file) ? fs.statSync(file).size : null;
  const base = { agent, file, megabytes: +((size ?? 0) / 1e6).toFixed(1), checkMs: 0 };
  if (size === null || size === 0) {
    const history = historyOf(paths.root, file);
    return { ...base, state: size === null ? 'missing' : 'empty', problems: history.length > 0 ? [`agent has a history (${history.map((entry) => path.relative(paths.root, entry)).join(', ')})`] : [] };
  }
  const started = performance.now();
  let problems: string[];
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      problems = quickCheck(db);
    } finally {
      db.close();
    }
  } catch (error) {
    problems = [(error as Error).message];
  }
  return { ...base, state: problems.length === 0 ? 'ok' : 'damaged', problems, checkMs: Math.round(performance.now() - started) };
}

function agentsUnder(home: string): string[] {
  const directory = path.join(home, 'agents');
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function describe(health: AgentHealth): string {
  if (health.state === 'ok') return `${health.agent}  ok  (${health.megabytes} MB, checked in ${health.checkMs} ms)`;
  if (health.state === 'damaged') return `${health.agent}  DAMAGED  ${health.problems[0] ?? ''}  → ${recoveryCommand(health.agent)}`;
  return `${health.agent}  ${health.state.toUpperCase()}  ${health.file}${health.problems.length > 0 ? `: ${health.problems[0]}` : ''}`;
}

/** Moves the damaged file (and its WAL/SHM) aside, the salvaged copy in, and drops caches of the old file. */
function swapIn(file: string, recovered: string, stamp: string): string {
  const kept = `${file}.damaged-${stamp}`;
  for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, kept + suffix);
  fs.renameSync(recovered, file);
  for (const suffix of ['-wal', '-shm']) if (fs.existsSync(recovered + suffix)) fs.rmSync(recovered + suffix);
  const directory = path.dirname(file);
  for (const name of fs.readdirSync(directory)) if (name.startsWith(`${path.basename(file)}.hnsw`)) fs.rmSync(path.join(directory, name), { force: true });
  if (fs.existsSync(`${recovered}.checked`)) fs.renameSync(`${recovered}.checked`, `${file}.checked`);
  return kept;
}

/** `data check` (all agents or --agent) and `data recover --agent A`; added to the `data` group of search-commands. */
export function registerDataCommands(program: Command, context: CliContext): void {
  const data = program.commands.find((command) => command.name() === 'data') ?? program.command('data');
  data
    .command('check')
    .description("full quick_check of each agent's database (all agents, or --agent); exits non-zero when one is damaged or lost")
    .action((_options: unknown, command: Command) => {
      const { home } = context.globals(command);
      const { agent } = context.globals(command);
      const explicit = command.getOptionValueSourceWithGlobals('agent') !== 'default';
      const results = (explicit ? [agent] : agentsUnder(home)).map((agent) => checkAgentDatabase(home, agent));
      context.print(command, results, () => (results.length === 0 ? `No agents under ${home}` : results.map(describe).join('\n')));
      const bad = results.filter((result) => result.state === 'damaged' || result.problems.length > 0);
      if (bad.length > 0) {
        const damaged = bad.some((result) => result.state === 'damaged');
        throw new HippocampusError({
          code: damaged ? 'DATABASE_CORRUPT' : 'DATABASE_MISSING',
          message: `${bad.length} of ${results.length} agent database(s) failed the check: ${bad.map((result) => result.agent).join(', ')}`,
          details: { agents: bad.map((result) => result.agent) },
        });
      }
    });
  data
    .command('recover')
    .description('salvage every readable row of a damaged agent database into a new file; the damaged one is kept beside it')
    .option('--force', 'salvage even when the database passes its check')
    .action((options: { force?: boolean }, command: Command) => {
      const { home, agent } = context.globals(command);
      const health = checkAgentDatabase(home, agent);
      if (health.state === 'missing' || health.state === 'empty') {
        throw new HippocampusError({ code: 'DATABASE_MISSING', message: `Nothing to recover: ${health.file} is ${health.state}. Restore it from a backup.` });
      }
      if (health.state === 'ok' && options.force !== true) {
        context.print(command, { agent, state: 'ok', recovered: false }, () => `${health.file} passes its check: nothing to recover (--force to salvage anyway)`);
        return;
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const recovered = `${health.file}.recovered-${stamp}`;
      const started = performance.now();
      const report = salvageDatabase(health.file, recovered);
      const kept = swapIn(health.file, recovered, stamp);
      const result = { agent, file: health.file, damagedKeptAt: kept, ms: Math.round(performance.now() - started), ...report };
      context.print(command, result, () =>
        [
          `Recovered ${report.copied.memories ?? 0} memories into ${health.file} in ${result.ms} ms (the damaged file is kept at ${kept}).`,
          ...report.unreadable.map((line) => `  unreadable: ${line}`),
          ...(report.orphansDropped > 0 ? [`  ${report.orphansDropped} rows pointing at lost ones dropped`] : []),
          `Vectors are rebuilt with: hippocampus --agent ${agent} data backfill-vectors`,
        ].join('\n'),
      );
    });
  data
    .command('migrate')
    .description("copy an agent between stores ('sqlite' = the files under --home, or a postgres:// URL): memories, vectors, history, blocks, skills, watermarks; counts verified")
    .requiredOption('--from <store>', "the store to copy from: 'sqlite' or a postgres:// URL")
    .requiredOption('--to <store>', "the store to copy to: 'sqlite' or a postgres:// URL")
    .action(async (options: { from: string; to: string }, command: Command) => {
      const { home, agent } = context.globals(command);
      const stores = [parseWith(storeSchema, options.from, '--from', 'VALIDATION_ERROR'), parseWith(storeSchema, options.to, '--to', 'VALIDATION_ERROR')];
      if (stores[0] === stores[1]) throw new HippocampusError({ code: 'VALIDATION_ERROR', message: '--from and --to name the same store' });
      if (stores[0] === 'sqlite' && !fs.existsSync(agentPaths(home, agent).longTermDatabase)) {
        throw new NotFoundError({ what: 'Agent', id: agent, hint: `no database under ${home}` });
      }
      const from = await openBackend({ store: stores[0], home });
      try {
        const to = await openBackend({ store: stores[1], home });
        try {
          const started = performance.now();
          const report = await copyAgent({ from, to, agentId: agent, onProgress: (copied) => context.stderr(`${copied} memories copied`) });
          const result = { ...report, ms: Math.round(performance.now() - started) };
          context.print(command, result, () =>
            [
              `Copied agent ${agent}: ${report.memories} memories, ${report.vectors} vectors, ${report.historyEvents} history events, ${report.blocks} blocks, ${report.skills} skills (${report.skillVersions} versions), ${report.watermarks} watermarks in ${result.ms} ms; counts verified.`,
              ...report.notCopied.map((line) => `  not copied: ${line}`),
            ].join('\n'),
          );
        } finally {
          await to.close();
        }
      } finally {
        await from.close();
      }
    });
}
