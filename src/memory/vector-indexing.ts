import { buildSearchableContent } from '../core/searchable-content.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { AgentScope } from '../spec/memory-store.ts';
import type { VectorIndex } from '../spec/search-index.ts';
import { embedWithCache } from './embedding-cache.ts';
import { emitError, type EmitEvent } from './engine-events.ts';

export interface VectorIndexingDependencies {
  scope: AgentScope;
  vectorIndex: VectorIndex;
  embedder: Embedder | null;
  emit: EmitEvent;
}

type Embeddable = Pick<MemoryRecord, 'id' | 'content' | 'type' | 'domain' | 'tags'>;

/**
 * Binds the agent's vectors to the embedder's model. With `allowModelChange`,
 * a different bound model is replaced first (its vectors dropped; backfill re-adds them).
 */
export async function bindEmbedderModel(deps: Omit<VectorIndexingDependencies, 'emit'>, allowModelChange: boolean | undefined): Promise<void> {
  if (!deps.embedder) return;
  const model = { provider: deps.embedder.provider, modelId: deps.embedder.modelId, dimensions: deps.embedder.dimensions };
  if (allowModelChange) {
    const bound = await deps.vectorIndex.boundModel(deps.scope);
    if (bound && (bound.modelId !== model.modelId || bound.dimensions !== model.dimensions)) await deps.vectorIndex.rebind(deps.scope, model);
  }
  await deps.vectorIndex.bind(deps.scope, model);
}

/** Embeds the searchable text of each memory in one batch and stores the vectors. */
async function embedAndStore(embedder: Embedder, deps: Pick<VectorIndexingDependencies, 'scope' | 'vectorIndex'>, memories: Embeddable[]): Promise<void> {
  const { embeddings } = await embedWithCache(embedder, undefined, memories.map(buildSearchableContent));
  await deps.vectorIndex.upsert(deps.scope, memories.map((memory, index) => ({ id: memory.id, vector: embeddings[index]! })));
}

/** Embeds new memories in batches. A failing embedder never loses the memory: it is stored, and backfill adds the vector later. */
export async function indexVectors(deps: VectorIndexingDependencies, records: MemoryRecord[]): Promise<void> {
  if (!deps.embedder || records.length === 0) return;
  try {
    await embedAndStore(deps.embedder, deps, records);
  } catch (error) {
    emitError(deps.emit, error);
  }
}

/** Vectors for memories that have none (after a model change, or writes made while the embedder was down). */
export async function backfillVectors(
  deps: Omit<VectorIndexingDependencies, 'emit'>,
  options: { batchSize?: number; onProgress?: (done: number, total: number) => void },
): Promise<number> {
  if (!deps.embedder) throw new HippocampusError({ code: 'CONFIG_ERROR', message: 'backfillVectors needs an embedder' });
  const { scope } = deps;
  const batchSize = options.batchSize ?? 100;
  const before = await deps.vectorIndex.statistics(scope);
  const total = before.total - before.withVectors;
  let done = 0;
  options.onProgress?.(0, total);
  for (;;) {
    const batch = await deps.vectorIndex.missing(scope, batchSize);
    if (batch.length === 0) break;
    await embedAndStore(deps.embedder, deps, batch.map((item) => ({ ...item, type: item.type as MemoryRecord['type'] })));
    done += batch.length;
    options.onProgress?.(Math.min(done, total), total);
    if (batch.length < batchSize) break;
  }
  return done;
}
