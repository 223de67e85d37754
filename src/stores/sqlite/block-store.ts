import type Database from 'better-sqlite3';
import { storableText } from '../../core/stored-text.ts';
import { HippocampusError } from '../../errors/hippocampus-error.ts';
import { StoreError } from '../../errors/store-error.ts';
import type { MemoryBlock, MemoryBlockStore } from '../../spec/block-store.ts';
import type { SqliteConnectionPool } from './connection-pool.ts';
import { chunk, placeholders } from './query-builder.ts';

interface BlockRow {
  key: string;
  value: string;
  updated_at: number;
}

const toBlock = (row: BlockRow): MemoryBlock => ({ key: row.key, value: row.value, updatedAt: row.updated_at });

/**
 * When text left a block (a line replaced away, a value overwritten, a block deleted), the page that held it
 * stays in the main file until the next checkpoint, and older frames in the WAL: forget_memory tells the agent
 * to remove a forgotten line with replace_memory_block, so that line must leave the files then, as a forget's
 * purge makes it (secure_delete zeroes a freed cell; the checkpoint overwrites the old page and empties the WAL).
 * Appending keeps every old byte, so it does not checkpoint.
 */
function checkpointWhenTextLeft(db: Database.Database, left: boolean): void {
  if (left) db.pragma('wal_checkpoint(TRUNCATE)');
}

/**
 * Memory blocks in the agent's own SQLite file (the `memory_blocks` table of
 * schema version 3), on the pool's shared connection; values storable text (storableText), as on PostgreSQL.
 *
 * @example
 * const blocks = createSqliteBlockStore({ pool: backend.pool });
 * await blocks.putMany({ agentId: 'ada' }, [{ key: 'persona', value: 'Terse and kind.', updatedAt: Date.now() }]);
 */
export function createSqliteBlockStore(options: { pool: SqliteConnectionPool }): MemoryBlockStore {
  const { pool } = options;

  function run<T>(agentId: string, label: string, work: (db: Database.Database) => T): T {
    try {
      return work(pool.connection(agentId));
    } catch (error) {
      if (HippocampusError.isInstance(error)) throw error;
      throw new StoreError({ message: `SQLite ${label} failed for agent "${agentId}": ${(error as Error).message}`, cause: error });
    }
  }

  const selectOne = (db: Database.Database, agentId: string, key: string) =>
    db.prepare('SELECT key, value, updated_at FROM memory_blocks WHERE agent_id = ? AND key = ?').get(agentId, key) as BlockRow | undefined;
  const upsert = (db: Database.Database, agentId: string, block: MemoryBlock) =>
    db
      .prepare('INSERT INTO memory_blocks (agent_id, key, value, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT(agent_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at')
      .run(agentId, block.key, block.value, block.updatedAt);

  return {
    async getMany(scope, keys) {
      if (keys.length === 0) return [];
      return run(scope.agentId, 'get blocks', (db) => {
        const rows = chunk(keys).flatMap(
          (part) => db.prepare(`SELECT key, value, updated_at FROM memory_blocks WHERE agent_id = ? AND key IN (${placeholders(part.length)})`).all(scope.agentId, ...part) as BlockRow[],
        );
        const byKey = new Map(rows.map((row) => [row.key, toBlock(row)]));
        return keys.flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : []));
      });
    },

    async list(scope) {
      return run(scope.agentId, 'list blocks', (db) =>
        (db.prepare('SELECT key, value, updated_at FROM memory_blocks WHERE agent_id = ? ORDER BY key').all(scope.agentId) as BlockRow[]).map(toBlock),
      );
    },

    async putMany(scope, blocks) {
      if (blocks.length === 0) return;
      run(scope.agentId, 'put blocks', (db) => {
        const left = db
          .transaction(() =>
            blocks.reduce((anyLeft, given) => {
              const block = { ...given, value: storableText(given.value) };
              const before = selectOne(db, scope.agentId, block.key);
              upsert(db, scope.agentId, block);
              return anyLeft || (before !== undefined && !block.value.includes(before.value));
            }, false),
          )
          .immediate();
        checkpointWhenTextLeft(db, left);
      });
    },

    async modify(scope, key, at, change) {
      return run(scope.agentId, 'modify block', (db) => {
        const { block, left } = db
          .transaction(() => {
            const row = selectOne(db, scope.agentId, key);
            const changed = change(row ? toBlock(row) : null);
            if (changed === null) return { block: null, left: false };
            const value = storableText(changed);
            upsert(db, scope.agentId, { key, value, updatedAt: at });
            return { block: { key, value, updatedAt: at }, left: row !== undefined && !value.includes(row.value) };
          })
          .immediate();
        checkpointWhenTextLeft(db, left);
        return block;
      });
    },

    async deleteMany(scope, keys) {
      if (keys.length === 0) return [];
      return run(scope.agentId, 'delete blocks', (db) => {
        const deleted = db
          .transaction(() =>
            chunk(keys).flatMap((part) =>
              (db.prepare(`DELETE FROM memory_blocks WHERE agent_id = ? AND key IN (${placeholders(part.length)}) RETURNING key`).all(scope.agentId, ...part) as { key: string }[]).map((row) => row.key),
            ),
          )
          .immediate();
        checkpointWhenTextLeft(db, deleted.length > 0);
        return deleted;
      });
    },
  };
}
