import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { AGENT_MARKER } from '../../config/agent-paths.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
export { storeErrorCode as storeErrorCodeOf } from '../../errors/store-error.ts';

// Damage is refused at open, before anything is written into a damaged file.
// `PRAGMA quick_check` reads every page (measured by bench/database-check.bench.ts
// on 2 busy vCPUs: 82 ms for 10k memories / 72 MB; see docs/architecture.md for
// 100k), so it runs only when the file changed since the last check passed or
// since a Hippocampus last closed it cleanly: `<db>.checked` records the size and
// mtime that were good. A file changed behind our back (a copy, a disk fault,
// random bytes) is checked in full; an unchanged one opens at once.

const MARKER_SUFFIX = '.checked';

interface CheckedMarker {
  size: number;
  mtimeMs: number;
}

/** The command that salvages a damaged agent database. */
export function recoveryCommand(agentId: string): string {
  return `hippocampus data recover --agent ${agentId}`;
}

export function corruptDatabaseError(file: string, agentId: string, problems: readonly string[], cause?: unknown): HippocampusError {
  const shown = problems.slice(0, 3).join('; ');
  return new HippocampusError({
    code: 'DATABASE_CORRUPT',
    message: `The database ${file} is damaged (${shown}${problems.length > 3 ? '; …' : ''}). Nothing was written to it. Salvage it with: ${recoveryCommand(agentId)}`,
    cause,
    details: { file, agentId, problems: problems.slice(0, 20), recovery: recoveryCommand(agentId) },
  });
}

function statOf(file: string): CheckedMarker | null {
  try {
    const stat = fs.statSync(file);
    return { size: stat.size, mtimeMs: stat.mtimeMs };
  } catch {
    return null;
  }
}

/**
 * What, besides the database, says this agent's SQLite file existed: its marker (written at every open) and a
 * vector graph saved by an older version. Session logs and a mirror registry are not: the engine writes them
 * under the home on every store, so an agent served from PostgreSQL has them without ever having had a file
 * here (its migration back to SQLite was refused as DATABASE_MISSING, and `data check` of the home failed).
 */
export function historyOf(agentRoot: string, file: string): string[] {
  const found: string[] = [];
  if (fs.existsSync(path.join(agentRoot, AGENT_MARKER))) found.push(path.join(agentRoot, AGENT_MARKER));
  const memoryDir = path.dirname(file);
  if (fs.existsSync(memoryDir)) {
    for (const name of fs.readdirSync(memoryDir)) if (name.startsWith(`${path.basename(file)}.hnsw`)) found.push(path.join(memoryDir, name));
  }
  return found;
}

/**
 * Before SQLite opens (and would create) the file: a missing or empty database
 * of an agent that has a history is refused, never silently re-created empty.
 */
export function assertNotLost(file: string, agentId: string, agentRoot: string): void {
  const size = statOf(file)?.size ?? null;
  if (size !== null && size > 0) return;
  const history = historyOf(agentRoot, file);
  if (history.length === 0) return;
  throw new HippocampusError({
    code: 'DATABASE_MISSING',
    message: `The database ${file} is ${size === null ? 'missing' : 'empty (0 bytes)'}, but agent "${agentId}" has a history (${history.map((entry) => path.relative(agentRoot, entry)).join(', ')}). Refusing to start it afresh: restore the file from a backup, or delete ${agentRoot} to start this agent over.`,
    details: { file, agentId, history },
  });
}

function readMarker(file: string): CheckedMarker | null {
  try {
    return JSON.parse(fs.readFileSync(file + MARKER_SUFFIX, 'utf8')) as CheckedMarker;
  } catch {
    return null;
  }
}

/** Records that the file as it is now is good (after a passed check, or a clean close). */
export function markChecked(file: string): void {
  const stat = statOf(file);
  if (stat === null || stat.size === 0) return;
  try {
    fs.writeFileSync(file + MARKER_SUFFIX, JSON.stringify(stat));
  } catch {
    // Read-only directory: the next open checks again.
  }
}

function unchangedSinceCheck(file: string): boolean {
  const marker = readMarker(file);
  const now = statOf(file);
  const wal = statOf(`${file}-wal`);
  return marker !== null && now !== null && marker.size === now.size && marker.mtimeMs === now.mtimeMs && (wal === null || wal.size === 0);
}

/** The problems `quick_check` reports (empty when the file is sound). */
export function quickCheck(db: Database.Database): string[] {
  const rows = db.pragma('quick_check') as { quick_check: string }[];
  return rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
}

/**
 * On open, right after the connection is made: throws DATABASE_CORRUPT naming
 * the file and the recovery command unless the file passes `quick_check` (or
 * is unchanged since it last did).
 */
export function assertSound(db: Database.Database, file: string, agentId: string): void {
  if (statOf(file)?.size === 0 || unchangedSinceCheck(file)) return;
  let problems: string[];
  try {
    problems = quickCheck(db);
  } catch (error) {
    // Locked is not damaged: another process holds the file exclusively (a `data migrate` copying it, `data recover`
    // or `data migrate` asking whether it is open). Read as damage, it told the user to salvage a sound file.
    if (isLockedError(error)) throw lockedDatabaseError(file, agentId, error);
    throw corruptDatabaseError(file, agentId, [(error as Error).message], error);
  }
  if (problems.length > 0) throw corruptDatabaseError(file, agentId, problems);
  markChecked(file);
}

/** SQLITE_BUSY or SQLITE_LOCKED (and their extended codes): another connection holds a lock this one waited out. */
function isLockedError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Takes `db`'s file for this connection alone (locking_mode EXCLUSIVE, then an exclusive transaction, which holds it
 * until the connection closes): no other connection, of this process or another, can open it meanwhile. Waits the
 * connection's busy timeout for one that has it open, then throws `busy(cause)`; any other error as it is.
 */
export function lockExclusively(db: Database.Database, busy: (cause: unknown) => HippocampusError): void {
  db.pragma('locking_mode = EXCLUSIVE');
  try {
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    if (isLockedError(error)) throw busy(error);
    throw error;
  }
}

function lockedDatabaseError(file: string, agentId: string, cause: unknown): HippocampusError {
  return new HippocampusError({
    code: 'DATABASE_BUSY',
    message: `${file} is held by another process (a data migrate or data recover of this agent?): nothing was written; try again when it ends`,
    details: { file, agentId },
    cause,
  });
}

/** Writes the agent marker once the database exists, so a later loss of the file is noticed. */
export function markAgent(agentRoot: string, agentId: string): void {
  const marker = path.join(agentRoot, AGENT_MARKER);
  if (fs.existsSync(marker)) return;
  try {
    fs.writeFileSync(marker, `${JSON.stringify({ agentId, database: 'memory/longterm.db' })}\n`);
  } catch {
    // Read-only home: nothing to protect against here.
  }
}
