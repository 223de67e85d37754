import type { Hippocampus } from '../memory/hippocampus.ts';
import type { SourcePosition } from '../spec/watermark-store.ts';

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
 * The live watcher's watermarks of one agent, read from its backend (the
 * watcher may run in another process, e.g. `hippocampus watch`). Empty when
 * the backend keeps no watermarks.
 *
 * @example
 * const sources = await watcherStatus(await registry.get('ada'));
 * sources[0]; // { sourceId: 'transcript:/tmp/chat.jsonl', position: { offset: 512, line: 7, … }, updatedAt, lagSeconds: 42 }
 */
export async function watcherStatus(engine: Hippocampus): Promise<WatcherSourceStatus[]> {
  const watermarks = engine.backend.watermarks;
  if (watermarks === undefined) return [];
  const now = engine.clock.now();
  return (await watermarks.list({ agentId: engine.agentId })).map((watermark) => ({ ...watermark, lagSeconds: Math.max(0, (now - watermark.updatedAt) / 1000) }));
}
