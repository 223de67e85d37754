import type { z } from 'zod';
import {
  appendBlockBodySchema,
  consolidationsQuerySchema,
  forgetRequestBodySchema,
  putBlockBodySchema,
  rememberFactsBodySchema,
  replaceBlockBodySchema,
  createMemoryBodySchema,
  exportQuerySchema,
  graphEntitiesQuerySchema,
  listMemoriesQuerySchema,
  searchBodySchema,
  strengthQuerySchema,
  updateMemoryBodySchema,
} from './schemas.ts';
import { graphEntitiesResponseSchema, graphNeighborsResponseSchema, watcherStatusResponseSchema } from './response-schemas.ts';

export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Hono path syntax (`:agent`). */
  path: string;
  summary: string;
  tag: 'system' | 'agents' | 'memories' | 'recall' | 'blocks' | 'graph';
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 200 answer, where a schema describes it. */
  response?: z.ZodType;
  /** False for the few routes that stay open when a token is set. */
  authenticated: boolean;
}

/** Every route of the API; /openapi.json is built from this table, and a test checks the app serves exactly these. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  { method: 'get', path: '/health', summary: 'Liveness: 200 while the store answers, 503 STORE_UNAVAILABLE when it does not', tag: 'system', authenticated: false },
  { method: 'get', path: '/version', summary: 'Package name and version', tag: 'system', authenticated: false },
  { method: 'get', path: '/openapi.json', summary: 'This document', tag: 'system', authenticated: false },
  { method: 'get', path: '/metrics', summary: 'Prometheus metrics', tag: 'system', authenticated: true },
  { method: 'get', path: '/consolidation', summary: 'The scheduled working → semantic consolidation: schedule, next run, last pass', tag: 'system', authenticated: true },
  { method: 'get', path: '/agents', summary: 'Agents with a memory under the home directory', tag: 'agents', authenticated: true },
  { method: 'get', path: '/agents/:agent/stats', summary: 'Counts by type, kind and tier; size; vectors; last consolidation', tag: 'agents', authenticated: true },
  { method: 'get', path: '/agents/:agent/consolidations', summary: 'Consolidation runs, newest first', tag: 'agents', query: consolidationsQuerySchema, authenticated: true },
  { method: 'get', path: '/agents/:agent/watcher', summary: 'Live watcher: per conversation source, its watermark and lag', tag: 'agents', response: watcherStatusResponseSchema, authenticated: true },
  { method: 'get', path: '/agents/:agent/export', summary: 'Every memory as JSON or Markdown', tag: 'agents', query: exportQuerySchema, authenticated: true },
  { method: 'get', path: '/agents/:agent/memories', summary: 'Memories, newest first, filtered, one page per cursor', tag: 'memories', query: listMemoriesQuerySchema, authenticated: true },
  { method: 'post', path: '/agents/:agent/memories', summary: 'Remember an experience (creates the agent if needed)', tag: 'memories', body: createMemoryBodySchema, authenticated: true },
  { method: 'get', path: '/agents/:agent/memories/:id', summary: 'One memory with its tier and effective strength', tag: 'memories', authenticated: true },
  { method: 'patch', path: '/agents/:agent/memories/:id', summary: 'Edit content or metadata', tag: 'memories', body: updateMemoryBodySchema, authenticated: true },
  { method: 'delete', path: '/agents/:agent/memories/:id', summary: 'Forget one memory', tag: 'memories', authenticated: true },
  { method: 'get', path: '/agents/:agent/memories/:id/history', summary: 'Created, consolidated, reinforced, superseded, updated', tag: 'memories', authenticated: true },
  { method: 'get', path: '/agents/:agent/memories/:id/strength', summary: 'Strength over time: past decay and projected curve', tag: 'memories', query: strengthQuerySchema, authenticated: true },
  { method: 'post', path: '/agents/:agent/search', summary: 'Hybrid recall with the filter language and a per-signal score breakdown', tag: 'recall', body: searchBodySchema, authenticated: true },
  { method: 'post', path: '/agents/:agent/forget/preview', summary: 'Exactly what forgetting these ids, or this description, would delete, and the candidates forget would ask to confirm when unsure (nothing is deleted)', tag: 'recall', body: forgetRequestBodySchema, authenticated: true },
  { method: 'post', path: '/agents/:agent/forget', summary: 'Forget memories by id, or by a description (semantic match, then the text is purged)', tag: 'recall', body: forgetRequestBodySchema, authenticated: true },
  { method: 'post', path: '/agents/:agent/facts', summary: 'Learn facts from what the user said: new, reinforced or superseding (history per fact at /memories/:id/history)', tag: 'recall', body: rememberFactsBodySchema, authenticated: true },
  { method: 'get', path: '/agents/:agent/blocks', summary: 'Every memory block of the agent', tag: 'blocks', authenticated: true },
  { method: 'get', path: '/agents/:agent/blocks/:key', summary: 'One memory block', tag: 'blocks', authenticated: true },
  { method: 'put', path: '/agents/:agent/blocks/:key', summary: 'Create or overwrite a block', tag: 'blocks', body: putBlockBodySchema, authenticated: true },
  { method: 'post', path: '/agents/:agent/blocks/:key/replace', summary: 'Find and replace text in a block', tag: 'blocks', body: replaceBlockBodySchema, authenticated: true },
  { method: 'post', path: '/agents/:agent/blocks/:key/append', summary: 'Append a line to a block (creating it)', tag: 'blocks', body: appendBlockBodySchema, authenticated: true },
  { method: 'get', path: '/agents/:agent/graph/entities', summary: 'Knowledge-graph entities, most-mentioned first; query keeps names or aliases containing it', tag: 'graph', query: graphEntitiesQuerySchema, response: graphEntitiesResponseSchema, authenticated: true },
  { method: 'get', path: '/agents/:agent/graph/neighbors/:entity', summary: "An entity's relations (open and closed, with validity) and the memories they came from", tag: 'graph', response: graphNeighborsResponseSchema, authenticated: true },
];
