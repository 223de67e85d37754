// A read worker (read-workers.ts starts it): answers `recallRelevant` for any agent of one backend on
// read-only views of its own, opened by the module the backend names (its `readReplicas`), so searches
// run on more than the engine's event loop. Each agent it serves holds its view (for SQLite: a
// connection, keyword postings and sign-code scan), released when the engine closes.
import { parentPort, workerData } from 'node:worker_threads';
import type { OpenReadOnlyAgent, ReadOnlyAgent } from '../spec/read-replicas.ts';
import { createEmbeddingCache } from './embedding-cache.ts';
import { packRanking, packRecallResults } from './recall-results-wire.ts';
import { rankRelevant, readRankedRecords } from './relevant-recall.ts';
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
    const deps = { scope: { agentId: request.agentId }, store: reader.store, vectorIndex: reader.vectors, keywordIndex: reader.keywords, embedder: null, queryCache, queryVector: request.queryVector, unnamedQueryVector: request.unnamedQueryVector ?? null, now: request.now, weights: request.weights, ...(request.configuredWeights === undefined ? {} : { configuredWeights: request.configuredWeights }), decayRate: request.decayRate };
    const ranked = await rankRelevant(deps, request.context, request.options);
    // The few records are read on the engine's thread (it has a connection of its own): this thread, the
    // bound of a server's searches, reads and clones none — unless it read them already (the head, for the
    // time and speaker signals). 100k bench agent: the records' read and clone were ~13% of this thread's CPU.
    const ranking = packRanking(ranked);
    return { id: request.id, value: ranking === null ? { results: packRecallResults(await readRankedRecords(deps, ranked)) } : { ranking } };
  } catch (error) {
    const failure = error as { message?: unknown; code?: unknown };
    return { id: request.id, error: { message: String(failure.message ?? error), ...(typeof failure.code === 'string' ? { code: failure.code } : {}) } };
  }
}

parentPort!.on('message', (request: ReadWorkerRequest) => {
  void answer(request).then((reply) => parentPort!.postMessage(reply));
});
