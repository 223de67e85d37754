// A read worker (read-workers.ts starts it): answers `recallRelevant` for any agent of one home on
// read-only SQLite connections of its own, so searches run on more than the engine's event loop.
// WAL lets it read while the engine writes; a recall reads in statements begun after it was asked,
// so it sees every write committed before. Each agent it serves holds its own connection (page
// cache up to 64 MB), keyword postings and sign-code scan, released when the engine closes.
import { parentPort, workerData } from 'node:worker_threads';
import { createSqliteConnectionPool, type SqliteConnectionPool } from '../stores/sqlite/connection-pool.ts';
import { createSqliteKeywordIndex } from '../stores/sqlite/keyword-index.ts';
import { createSqliteMemoryStore } from '../stores/sqlite/memory-store.ts';
import { createSqliteVectorIndex } from '../stores/sqlite/vector-index.ts';
import type { KeywordIndex, VectorIndex } from '../spec/search-index.ts';
import type { MemoryStore } from '../spec/memory-store.ts';
import { createEmbeddingCache } from './embedding-cache.ts';
import { recallRelevant } from './relevant-recall.ts';
import type { ReadWorkerData, ReadWorkerReply, ReadWorkerRequest } from './read-workers.ts';

interface AgentReader {
  pool: SqliteConnectionPool;
  store: MemoryStore;
  vectors: VectorIndex;
  keywords: KeywordIndex;
}

const { home, commonTermDocs } = workerData as ReadWorkerData;
const readers = new Map<string, AgentReader>();
let postingsBuilds: Promise<unknown> = Promise.resolve();
// Never used to embed (the engine sends the vector); recallRelevant's dependencies ask for one.
const queryCache = createEmbeddingCache({ maxEntries: 0, clock: { now: Date.now } });

function readerOf(agentId: string): AgentReader {
  let reader = readers.get(agentId);
  if (reader === undefined) {
    const pool = createSqliteConnectionPool({ home, readOnly: true });
    reader = {
      pool,
      store: createSqliteMemoryStore({ pool }),
      vectors: createSqliteVectorIndex({ pool }),
      keywords: createSqliteKeywordIndex({ pool, readOnly: true, ...(commonTermDocs === undefined ? {} : { commonTermDocs }) }),
    };
    readers.set(agentId, reader);
    // The postings are read in a worker of their own (seconds at 100k memories); FTS5 answers meanwhile.
    // One build at a time per read worker: a server of 50 agents of 2k started 50 such threads per read
    // worker at once (load average 83 on two cores).
    const keywords = reader.keywords;
    postingsBuilds = postingsBuilds.then(() => (readers.get(agentId)?.keywords === keywords ? keywords.maintain({ agentId }) : undefined)).catch(() => undefined);
  }
  return reader;
}

async function release(agentId: string): Promise<void> {
  const reader = readers.get(agentId);
  if (reader === undefined) return;
  readers.delete(agentId);
  await reader.vectors.close();
  await reader.keywords.close();
  reader.pool.close();
}

async function answer(request: ReadWorkerRequest): Promise<ReadWorkerReply> {
  try {
    if (request.kind === 'release') {
      await release(request.agentId);
      return { id: request.id, value: null };
    }
    const reader = readerOf(request.agentId);
    const results = await recallRelevant(
      { scope: { agentId: request.agentId }, store: reader.store, vectorIndex: reader.vectors, keywordIndex: reader.keywords, embedder: null, queryCache, queryVector: request.queryVector, unnamedQueryVector: request.unnamedQueryVector ?? null, now: request.now, weights: request.weights, decayRate: request.decayRate },
      request.context,
      request.options,
    );
    return { id: request.id, value: results };
  } catch (error) {
    const failure = error as { message?: unknown; code?: unknown };
    return { id: request.id, error: { message: String(failure.message ?? error), ...(typeof failure.code === 'string' ? { code: failure.code } : {}) } };
  }
}

parentPort!.on('message', (request: ReadWorkerRequest) => {
  void answer(request).then((reply) => parentPort!.postMessage(reply));
});
