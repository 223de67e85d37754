import type { FactExtractor } from '../facts/fact-extractor.ts';
import type { ConsolidationService } from '../layers/nightly-consolidation.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { EngineRegistry } from './engine-registry.ts';
import { toMemoryView, type MemoryView } from './memory-view.ts';
import type { ServerMetrics } from './server-metrics.ts';

/** What every route module is given. */
export interface RouteDependencies {
  registry: EngineRegistry;
  metrics: ServerMetrics;
  /** The nightly working → semantic consolidation of this server. */
  consolidation: ConsolidationService;
  /** Where a route that answers a failure itself (/health) reports its detail for the operator. */
  logError: (error: unknown) => void;
  /** How the facts route reads what the user said; the offline rules (what remember_facts reads with over HTTP) when absent. */
  factExtractor?: FactExtractor;
}

/** Views of records as of the engine's clock and decay rate. */
export function viewsOf(engine: Hippocampus, records: MemoryRecord[]): MemoryView[] {
  const now = engine.clock.now();
  return records.map((record) => toMemoryView(record, now, engine.config.recall.decayRate));
}
