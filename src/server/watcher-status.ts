import type { Hippocampus } from '../memory/hippocampus.ts';
import { createSqliteWatermarkStore } from '../live/watermark-store.ts';
import type { SourcePosition } from '../live/conversation-source.ts';
import { sqlitePoolOf } from '../stores/sqlite/pool-of-backend.ts';

/** One conversation source the live watcher has read for an agent. */
export interface WatcherSourceStatus {
  sourceId: string;
  /** Where the watcher has read up to (bytes and lines for transcripts, the last message id for tables and pushed sources). */
  position: SourcePosition;
  /** When the watermark last moved: the end of the last committed batch, on the engine's clock. */
  updatedAt: number;
  /** Seconds since then: how long the source has gone without a processed batch. */
  lagSeconds: number;
}

/**
 * The live watcher's watermarks of one agent, read from the agent's own
 * database (the watcher may run in another process, e.g. `hippocampus watch`).
 * Empty when the backend is not SQLite: watermarks live only there.
 *
 * @example
 * const sources = watcherStatus(await registry.get('ada'));
 * sources[0]; // { sourceId: 'transcript:/tmp/chat.jsonl', position: { offset: 512, line: 7, … }, updatedAt, lagSeconds: 42 }
 */
export function watcherStatus(engine: Hippocampus): WatcherSourceStatus[] {
  const pool = sqlitePoolOf(engine.backend);
  if (!pool) return [];
  const now = engine.clock.now();
  return createSqliteWatermarkStore(pool.connection(engine.agentId))
    .list(engine.agentId)
    .map((watermark) => ({ ...watermark, lagSeconds: Math.max(0, (now - watermark.updatedAt) / 1000) }));
}
