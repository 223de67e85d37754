/** Shapes of the HTTP API's answers, taken from the server's own types so the two cannot disagree. */
export type { MemoryView } from '../../server/memory-view.ts';
export type { StrengthCurve, StrengthPoint } from '../../server/strength-curve.ts';
export type { MemoryType } from '../../spec/memory-record.ts';
export type { MemoryBlock } from '../../spec/block-store.ts';
export type { MemoryHistoryEvent, ConsolidationRun, StoreStatistics } from '../../spec/memory-store.ts';
import type { MemoryView } from '../../server/memory-view.ts';
import type { RecallExplanation } from '../../core/recall-scoring.ts';
import type { ConsolidationRun, StoreStatistics } from '../../spec/memory-store.ts';
import type { VectorIndexStatistics } from '../../spec/search-index.ts';
import type { z } from 'zod';
import type { graphEntitiesResponseSchema, graphNeighborsResponseSchema } from '../../server/response-schemas.ts';

export interface MemoryPage {
  memories: MemoryView[];
  nextCursor: string | null;
  total: number;
}

export interface SearchHit {
  memory: MemoryView;
  score: number;
  explain: RecallExplanation;
}

export interface AgentStats {
  stats: StoreStatistics & { agentId: string; lastConsolidation: ConsolidationRun | null };
  vectors: VectorIndexStatistics;
}

export type GraphEntityListing = z.output<typeof graphEntitiesResponseSchema>['entities'][number];
export type GraphNeighborhoodAnswer = z.output<typeof graphNeighborsResponseSchema>;
export type GraphRelationView = GraphNeighborhoodAnswer['relations'][number];
