import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { agentPaths } from '../../config/agent-paths.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import type { AgentHealth, DatabaseMaintenance, RecoveryReport } from '../../spec/database-maintenance.ts';
import { historyOf, lockExclusively, quickCheck, recoveryCommand } from './database-health.ts';
import { salvageDatabase } from './salvage-database.ts';

/** A full quick_check of one agent's database, read-only: never opens it for writing. */
function checkAgentFile(home: string, agent: string): AgentHealth {
  const paths = agentPaths(home, agent);
  const file = paths.longTermDatabase;
  const size = fs.existsSync(file) ? fs.statSync(file).size : null;
  const base = { agent, location: file, megabytes: +((size ?? 0) / 1e6).toFixed(1), checkMs: 0 };
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
  return { ...base, state: problems.length === 0 ? 'ok' : 'damaged', problems, checkMs: Math.round(performance.now() - started), ...(problems.length === 0 ? {} : { recovery: recoveryCommand(agent) }) };
}

/**
 * Refuses while another connection has the file open (a server, a watcher, an MCP server): `data recover` swapped the
 * file under it, and its next write, acknowledged, went into the file kept aside; `data migrate` copied what was
 * there, and what it wrote next stayed in the source only. In WAL mode every open connection holds the shared-memory
 * lock an exclusive locking mode asks for at once; a file too damaged to be locked at all is left to the caller.
 */
function refuseWhileOpen(file: string, agentId: string, reason: { command: string; why: string }): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 0 });
    lockExclusively(db, (cause) =>
      new HippocampusError({
        code: 'DATABASE_BUSY',
        message: `${file} is open in another process (a server, a watcher, an MCP server): stop it, then run ${reason.command} again — ${reason.why}`,
        details: { file, agentId },
        cause,
      }),
    );
  } catch (error) {
    // Only its being open is asked here: a file that cannot be read is the command's own to report.
    if (HippocampusError.isInstance(error)) throw error;
  } finally {
    db?.close();
  }
}

const RECOVER_WHILE_OPEN = { command: 'data recover', why: 'the file is swapped, and what that process wrote next would go to the copy kept aside' };

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

/**
 * `data check` / `data recover` on the SQLite files under a home: a check reads every page of the agent's
 * file (`quick_check`, read-only); salvage copies every readable row into a new file with the current
 * schema and keeps the damaged one beside it (`salvage-database.ts`).
 *
 * @example
 * const maintenance = createSqliteMaintenance('./.hippocampus');
 * for (const agent of await maintenance.agents()) console.log(await maintenance.check(agent));
 */
export function createSqliteMaintenance(home: string): DatabaseMaintenance {
  return {
    salvages: true,
    async agents() {
      const directory = path.join(home, 'agents');
      if (!fs.existsSync(directory)) return [];
      // A folder holding neither a database nor its marker is not a SQLite agent (an agent served from
      // PostgreSQL keeps its session logs under the same home): nothing of it could be lost here.
      return fs
        .readdirSync(directory, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .filter((agent) => {
          const paths = agentPaths(home, agent);
          return fs.existsSync(paths.longTermDatabase) || historyOf(paths.root, paths.longTermDatabase).length > 0;
        })
        .sort();
    },
    async check(agentId) {
      return checkAgentFile(home, agentId);
    },
    async recover(agentId): Promise<RecoveryReport> {
      const file = agentPaths(home, agentId).longTermDatabase;
      const size = fs.existsSync(file) ? fs.statSync(file).size : 0;
      if (size === 0) throw new HippocampusError({ code: 'DATABASE_MISSING', message: `Nothing to recover: ${file} is ${fs.existsSync(file) ? 'empty' : 'missing'}. Restore it from a backup.`, details: { file, agentId } });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const recovered = `${file}.recovered-${stamp}`;
      refuseWhileOpen(file, agentId, RECOVER_WHILE_OPEN);
      const report = salvageDatabase(file, recovered);
      try {
        // Asked again: a process may have opened the agent while the rows were copied.
        refuseWhileOpen(file, agentId, RECOVER_WHILE_OPEN);
      } catch (error) {
        for (const suffix of ['', '-wal', '-shm', '.checked']) fs.rmSync(recovered + suffix, { force: true });
        throw error;
      }
      const kept = swapIn(file, recovered, stamp);
      return { agent: agentId, location: file, damagedKeptAt: kept, ...report, next: [`hippocampus --agent ${agentId} data backfill-vectors`] };
    },
    async refuseWhileOpen(agentId, reason) {
      const file = agentPaths(home, agentId).longTermDatabase;
      if (fs.existsSync(file)) refuseWhileOpen(file, agentId, reason);
    },
    async close() {},
  };
}
