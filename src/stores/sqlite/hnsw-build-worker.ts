// Builds an agent's HNSW graph from its stored vectors and writes it to a file,
// in a worker thread started by buildHnswGraphFile (see database-worker.ts):
// ~1 ms a vector, 93 s at 100k here, that queries do not wait for.
import { answerFromDatabase } from './database-worker.ts';
import type { HnswBuildRequest, HnswBuildResult } from './hnsw-build.ts';
import { buildGraphFromTable, loadHnswlib } from './hnsw-graph.ts';

await answerFromDatabase<HnswBuildRequest, HnswBuildResult>(async (db, request) => {
  const Constructor = loadHnswlib();
  if (Constructor === null) throw new Error('hnswlib-node cannot be loaded in a worker thread');
  const { graph, log } = buildGraphFromTable(db, Constructor, request);
  await graph.writeIndex(request.graphFile);
  return { value: { logId: log.logId, change: log.head, vectors: graph.getCurrentCount() } };
});
