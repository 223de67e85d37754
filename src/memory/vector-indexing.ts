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

/**
 * Memories embedded and stored per step when the index writes elsewhere (`writesElsewhere`). A step's
 * vectors are written while the next step is embedded, so the server's work (on PostgreSQL the HNSW
 * insert, ~2.4 ms a vector at 200k) runs beside the model's instead of after it: 1.04-1.06x the
 * pgvector ingest rate (198 and 212 against 190 and 200 memories/s, quiet). Where the write holds this
 * thread (SQLite) steps only cost: 0.92-0.97x in three quiet runs, so a batch is one step there.
 */
const STEP = 64;

/**
 * Embeds the searchable text of each memory and stores the vectors, in order of length (a model pads a
 * batch to its longest text): in steps of STEP, each stored while the next is embedded, where the index
 * writes elsewhere; else in one step, one upsert.
 * `stored`, when given, names which memories may get a vector once it resolves (the rows written
 * beside the embedding); the others' vectors are dropped. One store write at a time, in order.
 */
async function embedAndStore(
  embedder: Embedder,
  deps: Pick<VectorIndexingDependencies, 'scope' | 'vectorIndex'>,
  memories: Embeddable[],
  stored: Promise<ReadonlySet<string>> = Promise.resolve(new Set(memories.map((memory) => memory.id))),
): Promise<void> {
  const texts = memories.map(buildSearchableContent);
  const step = deps.vectorIndex.writesElsewhere === true ? STEP : Math.max(1, memories.length);
  const order = memories.map((_, index) => index).sort((left, right) => texts[left]!.length - texts[right]!.length);
  // The write under way, its failure kept as a value: it may fail while the next step is embedded.
  let writing: Promise<unknown> = Promise.resolve(null);
  const written = async () => {
    const failure = await writing;
    if (failure !== null) throw failure;
  };
  // Once the rows are known, memories without one (a verbatim duplicate, a failed write) are not embedded.
  let known: ReadonlySet<string> | null = null;
  void stored.then((ids) => (known = ids), () => undefined);
  try {
    for (let start = 0; start < order.length; start += step) {
      const chosen = order.slice(start, start + step).filter((index) => known === null || known.has(memories[index]!.id));
      if (chosen.length === 0) continue;
      const { embeddings } = await embedWithCache(embedder, undefined, chosen.map((index) => texts[index]!));
      await written();
      const allowed = await stored;
      const items = chosen.flatMap((index, position) => (allowed.has(memories[index]!.id) ? [{ id: memories[index]!.id, vector: embeddings[position]! }] : []));
      if (items.length > 0) {
        writing = deps.vectorIndex.upsert(deps.scope, items).then(
          () => null,
          (error: unknown) => error ?? new Error('vector upsert failed'),
        );
      }
    }
  } finally {
    // Never leave a write running past the call, whatever failed.
    await writing;
  }
  await written();
}

/**
 * Embeds new memories and stores their vectors. A failing embedder never loses the memory: it is
 * stored, and backfill adds the vector later. With `stored`, embedding starts at once (the caller
 * writes the rows beside it), and only the memories `stored` resolves to (the rows written) get a vector.
 */
export async function indexVectors(deps: VectorIndexingDependencies, records: MemoryRecord[], stored?: Promise<ReadonlySet<string>>): Promise<void> {
  if (!deps.embedder || records.length === 0) return;
  try {
    await embedAndStore(deps.embedder, deps, records, stored);
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
