// The PostgreSQL vector index against exact cosine on the same agent: recall@10 and @50 of the index's
// answer (HNSW on pgvector, coarse lists + sign bits + re-rank on the core path), and each search's
// time, alternating the two, over LoCoMo questions the scale bench does not time (from 220 on).
// npx tsx bench/postgres-vector-recall.bench.ts --store postgres://… [--agent scale-100000] [--questions 100]
//   [--from 220] [--data ../shared/data/locomo] [--ef-search 100,200,400]
// --ef-search: pgvector's hnsw.ef_search values to measure, each against the same exact answers.
import os from 'node:os';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { createPostgresBackend } from '../src/stores/postgres/postgres-backend.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import { round, summarize } from './lib/stats.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const store = option('store', '');
if (!store.startsWith('postgres')) throw new Error('--store postgres://… is required');
const scope = { agentId: option('agent', 'scale-100000') };
const count = Number(option('questions', '100'));
const from = Number(option('from', '220'));
const conversations = loadLocomoDirectory(option('data', '../shared/data/locomo'));
const questions = [...new Set(conversations.flatMap((conversation) => conversation.questions.map((question) => question.question)))].slice(from, from + count);

const embedder = createUseLiteEmbedder();
const { embeddings } = await embedder.doEmbed({ values: questions });
const efSearches = args.includes('--ef-search') ? option('ef-search', '').split(',').map(Number) : [undefined];
const results = [];
for (const efSearch of efSearches) {
  const backend = await createPostgresBackend({ connectionString: store, ...(efSearch === undefined ? {} : { efSearch }) });
  const [path] = await backend.database.rows<{ value: string }>("SELECT value FROM hippocampus_meta WHERE key = 'vectors'");
  const found = { 10: 0, 50: 0 };
  const times = { index: [] as number[], exact: [] as number[] };
  try {
    await backend.vectors.search(scope, embeddings[0]!, { limit: 50 }); // warm the pool and the search state
    for (const [index, vector] of embeddings.entries()) {
      const timed = async (exact: boolean) => {
        const started = performance.now();
        // A `where` makes the search exact on both paths (a scan of the agent's rows, cosine for each).
        const hits = await backend.vectors.search(scope, vector, exact ? { limit: 50, where: {} } : { limit: 50 });
        times[exact ? 'exact' : 'index'].push(performance.now() - started);
        return hits.map((hit) => hit.id);
      };
      // Alternating which goes first, so neither always finds the pages the other just read.
      let indexIds: string[];
      let exactIds: string[];
      if (index % 2 === 0) {
        indexIds = await timed(false);
        exactIds = await timed(true);
      } else {
        exactIds = await timed(true);
        indexIds = await timed(false);
      }
      for (const k of [10, 50] as const) found[k] += indexIds.slice(0, k).filter((id) => exactIds.slice(0, k).includes(id)).length;
    }
  } finally {
    await backend.close();
  }
  const result = {
    path: path?.value,
    efSearch: efSearch ?? null,
    agent: scope.agentId,
    questions: embeddings.length,
    loadAverage: os.loadavg().map((value) => round(value, 2)),
    recallAt10: round(found[10] / (embeddings.length * 10), 3),
    recallAt50: round(found[50] / (embeddings.length * 50), 3),
    indexMs: summarize(times.index),
    exactMs: summarize(times.exact),
  };
  results.push(result);
  console.log(`${result.path} path${efSearch === undefined ? '' : ` (ef_search ${efSearch})`}, ${result.agent}, ${result.questions} questions: recall@10 ${result.recallAt10}, @50 ${result.recallAt50} against exact; index search p50 ${result.indexMs.p50} / p95 ${result.indexMs.p95} ms, exact p50 ${result.exactMs.p50} / p95 ${result.exactMs.p95} ms`);
}
console.log(JSON.stringify(results));
