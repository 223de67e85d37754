// A read worker (read-workers.ts starts it): answers `recallRelevant` for any agent of one backend on
// read-only views of its own, opened by the module the backend names (its `readReplicas`), so searches
// run on more than the engine's event loop. Each agent it serves holds its view (for SQLite: a
// connection, keyword postings and sign-code scan), released when the engine closes.
import { parentPort, workerData } from 'node:worker_threads';
import type { OpenReadOnlyAgent, ReadOnlyAgent } from '../spec/read-replicas.ts';
import { createEmbeddingCache } from './embedding-cache.ts';
import { packRecallResults } from './recall-results-wire.ts';
import { recallRelevant } from './relevant-recall.ts';
import type { ReadWorkerData, ReadWorkerReply, ReadWorkerRequest } from './read-workers.ts';

const { replicas } = workerData as ReadWorkerData;
const opener: Promise<OpenReadOnlyAgent> = import(replicas.module).then((module: { openReadOnlyAgent: OpenReadOnlyAgent }) => module.openReadOnlyAgent);
const readers = new Map<string, ReadOnlyAgent>();
let postingsBuilds: Promise<unknown> = Promise.resolve();
// Never used to embed (the engine sends the vector); recallRelevant's dependencies ask for one.
const queryCache = createEmbeddingCache({ maxEntries: 0, clock: { now: Date.now } });

async function readerOf(agentId: string): Promise<ReadOnlyAgent> {
  let reader = readers.get(agentId);
  if (reader === undefined) {
    const open = await opener;
    reader = readers.get(agentId);
    if (reader !== undefined) return reader;
    reader = open(replicas.options, agentId);
    readers.set(agentId, reader);
    // The keyword index's upkeep (SQLite: its postings, read in a worker of their own, seconds at 100k
    // memories; FTS5 answers meanwhile). One build at a time per read worker: a server of 50 agents of
    // 2k started 50 such threads per read worker at once (load average 83 on two cores).
    const keywords = reader.keywords;
    postingsBuilds = postingsBuilds.then(() => (readers.get(agentId)?.keywords === keywords ? keywords.maintain({ agentId }) : undefined)).catch(() => undefined);
  }
  return reader;
}

async function release(agentId: string): Promise<void> {
  const reader = readers.get(agentId);
  if (reader === undefined) return;
  readers.delete(agentId);
  await reader.close();
}

async function answer(request: ReadWorkerRequest): Promise<ReadWorkerReply> {
  try {
    if (request.kind === 'release') {
      await release(request.agentId);
      return { id: request.id, value: null };
    }
    const reader = await readerOf(request.agentId);
    const results = await recallRelevant(
      { scope: { agentId: request.agentId }, store: reader.store, vectorIndex: reader.vectors, keywordIndex: reader.keywords, embedder: null, queryCache, queryVector: request.queryVector, unnamedQueryVector: request.unnamedQueryVector ?? null, now: request.now, weights: request.weights, ...(request.configuredWeights === undefined ? {} : { configuredWeights: request.configuredWeights }), decayRate: request.decayRate },
      request.context,
      request.options,
    );
    return { id: request.id, value: packRecallResults(results) };
  } catch (error) {
    const failure = error as { message?: unknown; code?: unknown };
    return { id: request.id, error: { message: String(failure.message ?? error), ...(typeof failure.code === 'string' ? { code: failure.code } : {}) } };
  }
}

parentPort!.on('message', (request: ReadWorkerRequest) => {
  void answer(request).then((reply) => parentPort!.postMessage(reply));
});
