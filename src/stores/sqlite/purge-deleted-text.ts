import { StoreError } from '../../errors/store-error.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';

export interface PurgeReport {
  /** True when a reader kept the checkpoint from finishing: the WAL may still hold old pages. */
  busy: boolean;
  /** Frames in the WAL before the checkpoint. */
  walFrames: number;
}

/**
 * Makes deleted text unrecoverable from the agent's files. secure_delete (set
 * on every pooled connection) zeroes freed content in the main file; this
 * merges the FTS5 segments, which otherwise keep a deleted row's terms behind
 * a delete marker until some later merge, and checkpoints the WAL with
 * TRUNCATE so no old page image survives in `-wal`.
 *
 * @example
 * await memory.forget(ids);
 * purgeDeletedText(backend.pool, 'ada'); // { busy: false, walFrames: 12 }
 */
export function purgeDeletedText(pool: SqliteConnectionPool, agentId: string): PurgeReport {
  const db = pool.connection(agentId);
  try {
    db.prepare("INSERT INTO memories_fts(memories_fts) VALUES ('optimize')").run();
    const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number; checkpointed: number }[];
    return { busy: (result?.busy ?? 0) !== 0, walFrames: result?.log ?? 0 };
  } catch (error) {
    throw new StoreError({ message: `Purging deleted text failed for agent "${agentId}": ${(error as Error).message}`, cause: error });
  }
}
