import type Database from 'better-sqlite3';
import { currentFrame, frameOf, runInFrame } from '../../core/async-frames.ts';
import type { SourcePosition, WatermarkStore } from '../../spec/watermark-store.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { runOnAgent } from './run-on-agent.ts';
import { preparedOnce } from './statement-cache.ts';

interface WatermarkRow {
  byte_offset: number;
  line_number: number;
  inode: string | null;
  size: number | null;
  first_line_hash: string | null;
  last_line_hash: string | null;
  last_message_id: string | null;
}

function positionOf(row: WatermarkRow): SourcePosition {
  return {
    offset: row.byte_offset,
    line: row.line_number,
    inode: row.inode,
    size: row.size,
    firstLineHash: row.first_line_hash,
    lastLineHash: row.last_line_hash,
    lastMessageId: row.last_message_id,
  };
}

/**
 * Watermarks in the agent's own database (schema version 4), on the agent's pooled connection: inside
 * `inImmediateTransaction` on that connection they commit with the batch's memories.
 *
 * @example
 * const watermarks = createSqliteWatermarkStore({ pool });
 * await watermarks.save({ agentId: 'ada' }, 'transcript:/tmp/chat.jsonl', position, Date.now());
 */
export function createSqliteWatermarkStore(options: { pool: SqliteConnectionPool }): WatermarkStore {
  const run = <T>(agentId: string, label: string, work: (db: Database.Database) => T) => runOnAgent(options.pool, agentId, label, work);
  return {
    async load(scope, sourceId) {
      return run(scope.agentId, 'read watermark', (db) => {
        const row = db
          .prepare('SELECT byte_offset, line_number, inode, size, first_line_hash, last_line_hash, last_message_id FROM live_watermarks WHERE agent_id = ? AND source_id = ?')
          .get(scope.agentId, sourceId) as WatermarkRow | undefined;
        return row === undefined ? null : positionOf(row);
      });
    },
    async list(scope) {
      return run(scope.agentId, 'list watermarks', (db) => {
        const rows = db
          .prepare('SELECT source_id, byte_offset, line_number, inode, size, first_line_hash, last_line_hash, last_message_id, updated_at FROM live_watermarks WHERE agent_id = ? ORDER BY source_id')
          .all(scope.agentId) as (WatermarkRow & { source_id: string; updated_at: number })[];
        return rows.map((row) => ({ sourceId: row.source_id, position: positionOf(row), updatedAt: row.updated_at }));
      });
    },
    async save(scope, sourceId, position, at) {
      run(scope.agentId, 'save watermark', (db) =>
        db
          .prepare(
            `INSERT INTO live_watermarks (agent_id, source_id, byte_offset, line_number, inode, size, first_line_hash, last_line_hash, last_message_id, updated_at)
             VALUES (@agentId, @sourceId, @offset, @line, @inode, @size, @firstLineHash, @lastLineHash, @lastMessageId, @at)
             ON CONFLICT (agent_id, source_id) DO UPDATE SET byte_offset = excluded.byte_offset, line_number = excluded.line_number, inode = excluded.inode,
               size = excluded.size, first_line_hash = excluded.first_line_hash, last_line_hash = excluded.last_line_hash,
               last_message_id = excluded.last_message_id, updated_at = excluded.updated_at`,
          )
          .run({ agentId: scope.agentId, sourceId, ...position, at }),
      );
    },
  };
}

/**
 * Runs async work inside one IMMEDIATE transaction on `db`: the engine's own
 * transactions inside it become savepoints, so the memories a batch writes and
 * the watermark commit together or not at all (a kill -9 mid-batch leaves neither).
 * Called inside another (the live watcher's batch holding a `remember`, which
 * commits its row, history and the ring's eviction this way), it is a savepoint
 * of that one: its part is all-or-nothing, and commits with the outer transaction.
 * The connection must not be shared with writers outside `work`: their writes
 * would join this transaction and roll back with it.
 *
 * @example
 * await inImmediateTransaction(db, async () => { await memory.rememberMany(inputs, { longTerm: true }); watermarks.save(...); });
 */
export async function inImmediateTransaction<T>(db: Database.Database, work: () => Promise<T>): Promise<T> {
  const nested = db.inTransaction;
  preparedOnce(db, nested ? 'SAVEPOINT hippocampus_atomically' : 'BEGIN IMMEDIATE').run();
  let ended: (() => void) | undefined;
  if (!nested) transactionEnds.set(db, new Promise<void>((resolve) => (ended = resolve)));
  try {
    // Its reads, and its callees' (the engine's remembers inside a watcher's batch), are the transaction's own.
    const result = nested ? await work() : await runInFrame({ owner: db, done: false, parent: currentFrame() }, work);
    preparedOnce(db, nested ? 'RELEASE hippocampus_atomically' : 'COMMIT').run();
    return result;
  } catch (error) {
    if (db.inTransaction) {
      if (nested) {
        // A savepoint rolled back stays open until released: both, so the outer transaction goes on without it.
        preparedOnce(db, 'ROLLBACK TO hippocampus_atomically').run();
        preparedOnce(db, 'RELEASE hippocampus_atomically').run();
      } else preparedOnce(db, 'ROLLBACK').run();
    }
    throw error;
  } finally {
    if (ended !== undefined) {
      transactionEnds.delete(db);
      ended();
    }
  }
}

/** The end of each connection's outermost `inImmediateTransaction` under way. */
const transactionEnds = new WeakMap<Database.Database, Promise<void>>();

/**
 * Undefined when a read on `db` may run now: no `inImmediateTransaction` open on it (the backend's `atomically`),
 * or the caller runs within the one open; else a promise settled when it ends. A transaction opened otherwise
 * is read as its opener's: a synchronous `db.transaction` never spans a turn, and a host that ran `BEGIN` by hand
 * on the agent's connection reads its own writes inside it (waiting, it would wait for itself).
 */
export function openTransactionEnd(db: Database.Database): Promise<void> | undefined {
  if (!db.inTransaction) return undefined;
  const end = transactionEnds.get(db);
  return end === undefined || frameOf(db) !== undefined ? undefined : end;
}
