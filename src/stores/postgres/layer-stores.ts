import { storableText } from '../../core/stored-text.ts';
import type { MemoryBlock, MemoryBlockStore } from '../../spec/block-store.ts';
import type { ConsolidationMarks } from '../../spec/consolidation-marks.ts';
import type { SourcePosition, WatermarkStore } from '../../spec/watermark-store.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { vacuumTables, type PostgresPurge } from './purge-deleted-text.ts';

// The small per-agent stores of the layers, each a table keyed by agent_id. Writes take the agent's
// lock (writeTransaction), so inside `atomically` they join the batch's transaction.

interface BlockRow {
  key: string;
  value: string;
  updated_at: string;
}
const toBlock = (row: BlockRow): MemoryBlock => ({ key: row.key, value: row.value, updatedAt: Number(row.updated_at) });
const UPSERT_BLOCK = 'INSERT INTO memory_blocks (agent_id, key, value, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (agent_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at';

/**
 * Blocks in one table for every agent, their values storable text (storableText: no U+0000, which PostgreSQL
 * refuses, a lone surrogate one U+FFFD) as on SQLite. When text left a block (a line replaced away, a value overwritten, a
 * block deleted), its old row version stays in the table's file until a VACUUM: forget_memory tells the agent to
 * remove a forgotten line with replace_memory_block, so that line must leave the files then, as a forget's purge
 * makes it (the backend's `purge`; SQLite checkpoints its WAL for the same reason). Appending keeps every old
 * byte, so it does not vacuum; inside `atomically` the write is not committed yet, so it cannot.
 *
 * @example const blocks = createPostgresBlockStore({ database, purge: 'full' });
 */
export function createPostgresBlockStore(options: { database: PostgresDatabase; purge: PostgresPurge }): MemoryBlockStore {
  const { database, purge } = options;
  const vacuumWhenTextLeft = async (left: boolean) => {
    if (left && purge !== 'none' && !database.inTransaction()) await vacuumTables(database, ['memory_blocks'], purge);
  };
  return {
    async getMany(scope, keys) {
      if (keys.length === 0) return [];
      const rows = await database.rows<BlockRow>('SELECT key, value, updated_at FROM memory_blocks WHERE agent_id = $1 AND key = ANY($2::text[])', [scope.agentId, keys]);
      const byKey = new Map(rows.map((row) => [row.key, toBlock(row)]));
      return keys.flatMap((key) => (byKey.has(key) ? [byKey.get(key)!] : []));
    },
    async list(scope) {
      return (await database.rows<BlockRow>('SELECT key, value, updated_at FROM memory_blocks WHERE agent_id = $1 ORDER BY key', [scope.agentId])).map(toBlock);
    },
    async putMany(scope, blocks) {
      if (blocks.length === 0) return;
      const left = await database.writeTransaction(scope.agentId, async (client) => {
        let anyLeft = false;
        for (const block of blocks) {
          const [before] = await client.rows<BlockRow>('SELECT key, value, updated_at FROM memory_blocks WHERE agent_id = $1 AND key = $2', [scope.agentId, block.key]);
          const value = storableText(block.value);
          await client.rows(UPSERT_BLOCK, [scope.agentId, block.key, value, block.updatedAt]);
          anyLeft ||= before !== undefined && !value.includes(before.value);
        }
        return anyLeft;
      });
      await vacuumWhenTextLeft(left);
    },
    async modify(scope, key, at, change) {
      // The agent's lock makes read-then-write one step: two concurrent appends cannot lose one another.
      const { block, left } = await database.writeTransaction(scope.agentId, async (client) => {
        const [row] = await client.rows<BlockRow>('SELECT key, value, updated_at FROM memory_blocks WHERE agent_id = $1 AND key = $2', [scope.agentId, key]);
        const changed = change(row ? toBlock(row) : null);
        if (changed === null) return { block: null, left: false };
        const value = storableText(changed);
        await client.rows(UPSERT_BLOCK, [scope.agentId, key, value, at]);
        return { block: { key, value, updatedAt: at }, left: row !== undefined && !value.includes(row.value) };
      });
      await vacuumWhenTextLeft(left);
      return block;
    },
    async deleteMany(scope, keys) {
      if (keys.length === 0) return [];
      const deleted = await database.writeTransaction(scope.agentId, async (client) =>
        (await client.rows<{ key: string }>('DELETE FROM memory_blocks WHERE agent_id = $1 AND key = ANY($2::text[]) RETURNING key', [scope.agentId, keys])).map((row) => row.key),
      );
      await vacuumWhenTextLeft(deleted.length > 0);
      return deleted;
    },
  };
}

interface WatermarkRow {
  byte_offset: string;
  line_number: string;
  inode: string | null;
  size: string | null;
  first_line_hash: string | null;
  last_line_hash: string | null;
  last_message_id: string | null;
}
const positionOf = (row: WatermarkRow): SourcePosition => ({
  offset: Number(row.byte_offset),
  line: Number(row.line_number),
  inode: row.inode,
  size: row.size === null ? null : Number(row.size),
  firstLineHash: row.first_line_hash,
  lastLineHash: row.last_line_hash,
  lastMessageId: row.last_message_id,
});

/** @example const watermarks = createPostgresWatermarkStore({ database }); */
export function createPostgresWatermarkStore(options: { database: PostgresDatabase }): WatermarkStore {
  const { database } = options;
  const columns = 'byte_offset, line_number, inode, size, first_line_hash, last_line_hash, last_message_id';
  return {
    async load(scope, sourceId) {
      const [row] = await database.rows<WatermarkRow>(`SELECT ${columns} FROM live_watermarks WHERE agent_id = $1 AND source_id = $2`, [scope.agentId, sourceId]);
      return row === undefined ? null : positionOf(row);
    },
    async list(scope) {
      const rows = await database.rows<WatermarkRow & { source_id: string; updated_at: string }>(`SELECT source_id, ${columns}, updated_at FROM live_watermarks WHERE agent_id = $1 ORDER BY source_id`, [scope.agentId]);
      return rows.map((row) => ({ sourceId: row.source_id, position: positionOf(row), updatedAt: Number(row.updated_at) }));
    },
    async save(scope, sourceId, position, at) {
      await database.writeTransaction(scope.agentId, (client) =>
        client.rows(
          `INSERT INTO live_watermarks (agent_id, source_id, ${columns}, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (agent_id, source_id) DO UPDATE SET byte_offset = excluded.byte_offset, line_number = excluded.line_number, inode = excluded.inode, size = excluded.size,
             first_line_hash = excluded.first_line_hash, last_line_hash = excluded.last_line_hash, last_message_id = excluded.last_message_id, updated_at = excluded.updated_at`,
          [scope.agentId, sourceId, position.offset, position.line, position.inode, position.size, position.firstLineHash, position.lastLineHash, position.lastMessageId, at],
        ),
      );
    },
  };
}

/** @example const marks = createPostgresConsolidationMarks({ database }); */
export function createPostgresConsolidationMarks(options: { database: PostgresDatabase }): ConsolidationMarks {
  const { database } = options;
  return {
    async consolidated(scope, conversationIds) {
      if (conversationIds.length === 0) return new Set();
      const rows = await database.rows<{ conversation_id: string }>('SELECT conversation_id FROM working_consolidations WHERE agent_id = $1 AND conversation_id = ANY($2::text[])', [scope.agentId, conversationIds]);
      return new Set(rows.map((row) => row.conversation_id));
    },
    async mark(scope, conversationId, at, memoryIds) {
      await database.writeTransaction(scope.agentId, (client) =>
        client.rows('INSERT INTO working_consolidations (agent_id, conversation_id, consolidated_at, memory_ids) VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT DO NOTHING', [
          scope.agentId, conversationId, at, JSON.stringify(memoryIds),
        ]),
      );
    },
  };
}
