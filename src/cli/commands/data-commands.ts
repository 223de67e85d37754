import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { agentPaths } from '../../config/agent-paths.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { storeSchema } from '../../config/config-schema.ts';
import { parseWith } from '../../config/parse.ts';
import { NotFoundError } from '../../errors/not-found-error.ts';
import { copyAgent } from '../../stores/copy-agent.ts';
import { openBackend, openMaintenance } from '../../stores/open-backend.ts';
import type { AgentHealth } from '../../spec/database-maintenance.ts';
import type { CliContext } from '../cli-context.ts';

function describe(health: AgentHealth): string {
  if (health.state === 'ok') return `${health.agent}  ok  (${health.megabytes} MB, checked in ${health.checkMs} ms)`;
  // One line an agent: quick_check's first problem can span lines ("*** in database main ***", then a line a tree).
  if (health.state === 'damaged') return `${health.agent}  DAMAGED  ${(health.problems[0] ?? '').split(/\s*\n\s*/).join('; ')}${health.recovery ? `  → ${health.recovery}` : ''}`;
  return `${health.agent}  ${health.state.toUpperCase()}  ${health.location}${health.problems.length > 0 ? `: ${health.problems[0]}` : ''}`;
}

/** Where the agents are, as a NOT_FOUND hint says it. */
function agentsPlace(home: string, store: string | undefined): string {
  return store === undefined || store === 'sqlite' ? `under ${home}` : 'in the store';
}

/**
 * An --agent the store has no trace of (nothing stored, no history saying it existed) is NOT_FOUND naming
 * the agents there are, as for every other command: `data check` called it MISSING and exited 0, and
 * `data recover` told the user to restore a typo from a backup.
 */
async function assertEverExisted(health: AgentHealth, agents: () => Promise<string[]>, where: string): Promise<void> {
  // Listed only then: listing reads the store, which may be the damaged part the check is there to report.
  if (health.state !== 'missing' || health.problems.length > 0) return;
  const known = await agents();
  if (known.includes(health.agent)) return;
  throw new NotFoundError({ what: 'Agent', id: health.agent, hint: known.length > 0 ? `agents ${where}: ${known.slice(0, 20).join(', ')}; pick one with --agent` : `there are no agents ${where}` });
}

/** `data check` (all agents or --agent) and `data recover --agent A`; added to the `data` group of search-commands. */
export function registerDataCommands(program: Command, context: CliContext): void {
  const data = program.commands.find((command) => command.name() === 'data') ?? program.command('data');
  data
    .command('check')
    .description("full check of each agent's stored memory (all agents, or --agent): SQLite reads every page of its file (quick_check), PostgreSQL every row the agent holds; exits non-zero when one is damaged or lost")
    .action(async (_options: unknown, command: Command) => {
      const { home, agent, store } = context.globals(command);
      const explicit = command.getOptionValueSourceWithGlobals('agent') !== 'default';
      const maintenance = await openMaintenance({ home, ...(store === undefined ? {} : { store }) });
      let results: AgentHealth[];
      try {
        results = [];
        for (const name of explicit ? [agent] : await maintenance.agents()) results.push(await maintenance.check(name));
        if (explicit) await assertEverExisted(results[0]!, () => maintenance.agents(), agentsPlace(home, store));
      } finally {
        await maintenance.close();
      }
      context.print(command, results, () => (results.length === 0 ? `No agents in ${store === undefined || store === 'sqlite' ? home : 'the store'}` : results.map(describe).join('\n')));
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
    .action(async (options: { force?: boolean }, command: Command) => {
      const { home, agent, store } = context.globals(command);
      const maintenance = await openMaintenance({ home, ...(store === undefined ? {} : { store }) });
      try {
        // A store that cannot salvage refuses before any check: its answer is not to be read as 'try --force'.
        if (!maintenance.salvages) await maintenance.recover(agent);
        const health = await maintenance.check(agent);
        await assertEverExisted(health, () => maintenance.agents(), agentsPlace(home, store));
        if (health.state === 'missing' || health.state === 'empty') {
          throw new HippocampusError({ code: 'DATABASE_MISSING', message: `Nothing to recover: ${health.location} is ${health.state === 'empty' ? 'empty' : 'missing this agent'}. Restore it from a backup.` });
        }
        if (health.state === 'ok' && options.force !== true) {
          context.print(command, { agent, state: 'ok', recovered: false }, () => `${health.location} passes its check: nothing to recover (--force to salvage anyway)`);
          return;
        }
        const started = performance.now();
        const report = await maintenance.recover(agent);
        const result = { ...report, file: report.location, ms: Math.round(performance.now() - started) };
        context.print(command, result, () =>
          [
            `Recovered ${report.copied.memories ?? 0} memories into ${report.location} in ${result.ms} ms (the damaged file is kept at ${report.damagedKeptAt}; a forget does not reach it: delete it once the recovery is checked).`,
            ...report.unreadable.map((line) => `  unreadable: ${line}`),
            ...(report.orphansDropped > 0 ? [`  ${report.orphansDropped} rows pointing at lost ones dropped`] : []),
            ...report.next.map((line) => `Then: ${line}`),
          ].join('\n'),
        );
      } finally {
        await maintenance.close();
      }
    });
  data
    .command('migrate')
    .description("copy an agent between stores ('sqlite' = the files under --home, or a postgres:// URL): memories, vectors, history, blocks, skills, watermarks, forgotten ids; counts verified")
    .requiredOption('--from <store>', "the store to copy from: 'sqlite' or a postgres:// URL")
    .requiredOption('--to <store>', "the store to copy to: 'sqlite' or a postgres:// URL")
    .action(async (options: { from: string; to: string }, command: Command) => {
      const { home, agent } = context.globals(command);
      const stores = [parseWith(storeSchema, options.from, '--from', 'VALIDATION_ERROR'), parseWith(storeSchema, options.to, '--to', 'VALIDATION_ERROR')];
      if (stores[0] === stores[1]) throw new HippocampusError({ code: 'VALIDATION_ERROR', message: '--from and --to name the same store' });
      if (stores[0] === 'sqlite' && !fs.existsSync(agentPaths(home, agent).longTermDatabase)) {
        throw new NotFoundError({ what: 'Agent', id: agent, hint: `no database under ${home}` });
      }
      // A server writing to the agent's file while it is copied kept what it wrote next in the source only (probe).
      const source = await openMaintenance({ home, store: stores[0] });
      try {
        await source.refuseWhileOpen(agent, { command: 'data migrate', why: 'what that process writes while the agent is copied would stay in the source only' });
      } finally {
        await source.close();
      }
      // Held for this process alone while it is copied: checked only before, a server that opened the agent during
      // the copy kept what it wrote next in the source only (round 22 probe). Such a process now waits, then DATABASE_BUSY.
      const from = await openBackend({ store: stores[0], home, exclusive: true });
      try {
        const to = await openBackend({ store: stores[1], home });
        try {
          const started = performance.now();
          const report = await copyAgent({ from, to, agentId: agent, onProgress: (copied) => context.stderr(`${copied} memories copied`) });
          const result = { ...report, ms: Math.round(performance.now() - started) };
          context.print(command, result, () =>
            [
              `Copied agent ${agent}: ${report.memories} memories, ${report.vectors} vectors, ${report.historyEvents} history events, ${report.blocks} blocks, ${report.skills} skills (${report.skillVersions} versions), ${report.watermarks} watermarks, ${report.forgottenIds} forgotten ids in ${result.ms} ms; counts verified.`,
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
