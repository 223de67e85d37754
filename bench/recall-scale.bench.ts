// npm run bench:scale — recallRelevant latency at 10k and 100k memories per agent,
// query embedding cached and uncached, and ingest throughput with real embedding.
// Memories reuse real LoCoMo sentences (their USE-lite vectors, lightly perturbed per copy)
// so text, keywords and vectors agree; they are bulk-loaded through the store and
// vector index (the embedding cost of ingest is measured separately, on real writes).
// Baselines measured in the same run: recall with BM25 left to FTS5's bm25() (no
// in-memory postings), and ingest with USE-lite on the tfjs WASM runtime.
// npx tsx bench/recall-scale.bench.ts [--sizes 10000,100000] [--data ../shared/data/locomo] [--home DIR] [--agent ID] [--skip-ingest]
//   [--store postgres://… [--others 10x10000]]
// --store runs every size on that store too, after SQLite in the same run, with --others agents
// (default 10 of 10,000 memories) loaded into the same database first; the last line is then keyed
// by store ('sqlite', 'postgres') and size.
// --home keeps the agents in DIR, and a later run with the same DIR reuses an agent
// that already holds its size (1M memories take an hour to load here).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashContent } from '../src/core/content-hash.ts';
import { agentPaths } from '../src/config/agent-paths.ts';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { createSqliteBackend } from '../src/stores/sqlite/sqlite-backend.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import type { MemoryRecord } from '../src/spec/memory-record.ts';
import { round, summarize, timeEach, verdict } from './lib/stats.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const sizes = option('sizes', '10000,100000').split(',').map(Number);
const store = args.includes('--store') ? option('store', '') : undefined;
const [otherCount, otherSize] = option('others', '10x10000').split('x').map(Number) as [number, number];
const conversations = loadLocomoDirectory(option('data', '../shared/data/locomo'));
const sentences = [...new Set(conversations.flatMap((conversation) => conversation.turns.map((turn) => turn.content)))];
const questions = [...new Set(conversations.flatMap((conversation) => conversation.questions.map((question) => question.question)))];
const embedder = createUseLiteEmbedder();
const DIMENSIONS = embedder.dimensions;

async function sentenceVectors(): Promise<Float32Array[]> {
  const digest = crypto.createHash('sha256').update(sentences.join('\n')).digest('hex').slice(0, 16);
  const cache = path.join(os.tmpdir(), `hippocampus-scale-${digest}.f32`);
  if (!fs.existsSync(cache)) {
    const { embeddings } = await embedder.doEmbed({ values: sentences });
    const flat = new Float32Array(sentences.length * DIMENSIONS);
    embeddings.forEach((vector, index) => flat.set(vector, index * DIMENSIONS));
    fs.writeFileSync(cache, Buffer.from(flat.buffer));
  }
  const bytes = fs.readFileSync(cache);
  const flat = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  return sentences.map((_, index) => flat.slice(index * DIMENSIONS, (index + 1) * DIMENSIONS));
}

function perturbed(base: Float32Array, seed: number): Float32Array {
  const out = new Float32Array(base);
  let state = seed * 2654435761;
  let norm = 0;
  for (let index = 0; index < out.length; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[index] = out[index]! + ((state / 2147483648) - 0.5) * 0.02;
    norm += out[index]! * out[index]!;
  }
  norm = Math.sqrt(norm);
  for (let index = 0; index < out.length; index += 1) out[index] = out[index]! / norm;
  return out;
}

const keptHome = args.includes('--home') ? path.resolve(option('home', '')) : null;
const home = keptHome ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-scale-'));
const vectors = await sentenceVectors();
const results: Record<string, unknown> = { node: process.version, cores: os.cpus().length, loadAverage: os.loadavg().map((value) => round(value, 2)) };
console.log(`recall at scale — ${sentences.length} distinct sentences, ${questions.length} questions, load ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);

/** Bulk-loads `size` memories into the agent (resuming a stopped load); returns the seconds it took. */
async function load(memory: Awaited<ReturnType<typeof createHippocampus>>, size: number): Promise<number> {
  const { agentId } = memory;
  const scope = { agentId };
  const loadStarted = performance.now();
  const now = Date.now();
  const already = await memory.store.count(scope, {});
  // A load stopped between batches resumes where it stopped (ids and vectors are deterministic).
  if (already > size || already % 5_000 !== 0) throw new Error(`${home} holds ${already} memories for ${agentId}: not a stopped load of ${size}`);
  for (let start = already; start < size; start += 5_000) {
    const batch: MemoryRecord[] = [];
    for (let index = start; index < Math.min(size, start + 5_000); index += 1) {
      const content = `${sentences[index % sentences.length]} (#${index})`;
      const timestamp = now - (index % 365) * 86_400_000;
      batch.push({
        id: `01SCALE${String(index).padStart(19, '0')}`, agentId, sessionId: 'bench', type: 'chat', kind: 'memory', content, context: {}, domain: null, category: null,
        timestamp, createdAt: timestamp, consolidatedAt: timestamp, lastAccessedAt: null, importance: 0.5 + (index % 50) / 100, accessCount: 0, runningIntensity: 0.6,
        encounterCount: 1, supersededBy: null, contentHash: hashContent(content), relatedTo: [], tags: [], source: 'bench',
      });
    }
    await memory.store.insertMany(scope, batch);
    await memory.backend.vectors.upsert(scope, batch.map((record, offset) => ({ id: record.id, vector: perturbed(vectors[(start + offset) % vectors.length]!, start + offset) })));
  }
  return (performance.now() - loadStarted) / 1000;
}

/** RSS split as Linux reports it: anonymous (heaps, WASM, SQLite's page cache) and file-backed (mmapped database pages, code). */
function residentMb(): { anonymousMb: number | null; fileMb: number | null; heapUsedMb: number; arrayBuffersMb: number } {
  const status = fs.existsSync('/proc/self/status') ? fs.readFileSync('/proc/self/status', 'utf8') : '';
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? round(Number(match[1]) / 1024, 0) : null;
  };
  const usage = process.memoryUsage();
  return { anonymousMb: field('RssAnon'), fileMb: field('RssFile'), heapUsedMb: round(usage.heapUsed / 1e6, 0), arrayBuffersMb: round(usage.arrayBuffers / 1e6, 0) };
}

/** Bytes of the agent's database file. */
function databaseFileBytes(agentId: string): number {
  return fs.statSync(agentPaths(home, agentId).longTermDatabase).size;
}

async function measure(size: number, storeName: 'sqlite' | 'postgres'): Promise<Record<string, unknown>> {
  // --agent names a kept agent to measure (with a single size): a load stopped early can be measured at what it holds.
  const agentId = args.includes('--agent') ? option('agent', '') : `scale-${size}`;
  const memory = await createHippocampus({ home, agentId, embedder, ...(storeName === 'postgres' ? { store } : {}) });
  const scope = { agentId };
  const loadSeconds = await load(memory, size);
  const buildStarted = performance.now();
  await memory.backend.vectors.maintain(scope);
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  // What the database holds per memory: the main file's bytes over the rows (the WAL is checkpointed
  // into it every 1,000 pages, and its own size is a high-water mark, not data).
  const databaseBytes = storeName === 'sqlite' ? databaseFileBytes(agentId) : null;
  const postingsStarted = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  await memory.backend.keywords.maintain(scope);
  const postingsSeconds = (performance.now() - postingsStarted) / 1000;
  const postingsHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

  const cachedQueries = questions.slice(0, 20);
  for (const query of cachedQueries) await memory.recallRelevant(query, { recordAccess: false });
  const cached = await timeEach(200, (index) => memory.recallRelevant(cachedQueries[index % cachedQueries.length]!, { recordAccess: false }));
  const uncachedQueries = questions.slice(20, 220);
  const uncached = await timeEach(uncachedQueries.length, (index) => memory.recallRelevant(uncachedQueries[index]!, { recordAccess: false }));
  const embedOnly = await timeEach(50, (index) => embedder.doEmbed({ values: [`${uncachedQueries[index]} again`] }));
  // What the process holds while the agent is open and has answered (rssMb, below, is read after it
  // stopped, as the earlier figures were: native memory a closed index freed may stay in it).
  const openResident = { rssMb: round(process.memoryUsage().rss / 1e6, 0), ...residentMb() };
  await memory.stop();
  if (storeName === 'postgres') {
    const entry = { loadSeconds: round(loadSeconds, 1), rssMb: round(process.memoryUsage().rss / 1e6, 0), cachedMs: summarize(cached), uncachedMs: summarize(uncached), queryEmbeddingMs: summarize(embedOnly) };
    console.log(`postgres ${size / 1000}k (+${otherCount} agents of ${otherSize / 1000}k): bulk load ${entry.loadSeconds} s; cached p50 ${entry.cachedMs.p50} ms p95 ${entry.cachedMs.p95} ms; uncached p50 ${entry.uncachedMs.p50} ms p95 ${entry.uncachedMs.p95} ms`);
    return entry;
  }
  // Baseline in the same run: the same agent with BM25 left to FTS5's bm25(), exact (no postings, no budget).
  const ftsBackend = createSqliteBackend({ home, commonTermDocs: Infinity });
  const fts = await createHippocampus({ home, agentId, embedder, backend: ftsBackend });
  for (const query of cachedQueries) await fts.recallRelevant(query, { recordAccess: false });
  const ftsCached = await timeEach(200, (index) => fts.recallRelevant(cachedQueries[index % cachedQueries.length]!, { recordAccess: false }));
  await fts.stop();
  await ftsBackend.close();
  const entry = { loadSeconds: round(loadSeconds, 1), vectorIndexSeconds: round(buildSeconds, 1), databaseBytesPerMemory: databaseBytes === null ? null : Math.round(databaseBytes / size), keywordPostingsSeconds: round(postingsSeconds, 1), keywordPostingsHeapMb: round(postingsHeapMb, 0), rssMb: round(process.memoryUsage().rss / 1e6, 0), openResident, cachedMs: summarize(cached), ftsBm25CachedMs: summarize(ftsCached), uncachedMs: summarize(uncached), queryEmbeddingMs: summarize(embedOnly) };
  console.log(`${size / 1000}k: bulk load ${entry.loadSeconds} s, vector index ready in ${entry.vectorIndexSeconds} s, database ${entry.databaseBytesPerMemory} B/memory, keyword postings ${entry.keywordPostingsSeconds} s (+${entry.keywordPostingsHeapMb} MB heap), RSS ${entry.rssMb} MB (while open: ${JSON.stringify(entry.openResident)})`);
  console.log(`  cached   p50 ${entry.cachedMs.p50} ms  p95 ${entry.cachedMs.p95} ms  ${size === 100_000 ? verdict(entry.cachedMs.p95, 10) : ''}`);
  console.log(`  cached, BM25 by FTS5 bm25() (baseline): p50 ${entry.ftsBm25CachedMs.p50} ms  p95 ${entry.ftsBm25CachedMs.p95} ms  (p95 ratio ${round(entry.ftsBm25CachedMs.p95 / entry.cachedMs.p95, 1)}x)`);
  console.log(`  uncached p50 ${entry.uncachedMs.p50} ms  p95 ${entry.uncachedMs.p95} ms  ${size === 100_000 ? verdict(entry.uncachedMs.p95, 50) : ''} (query embedding alone: p50 ${entry.queryEmbeddingMs.p50} ms, p95 ${entry.queryEmbeddingMs.p95} ms)`);
  return entry;
}

const bySqlite: Record<string, unknown> = {};
for (const size of sizes) bySqlite[`${size}`] = await measure(size, 'sqlite');
if (store === undefined) Object.assign(results, bySqlite);
else {
  // The other agents share the database: every query must find its agent's rows among theirs.
  for (let other = 0; other < otherCount; other += 1) {
    const memory = await createHippocampus({ home, agentId: `scale-other-${other}`, embedder, store });
    const seconds = await load(memory, otherSize);
    await memory.stop();
    console.log(`postgres: other agent ${other + 1}/${otherCount} holds ${otherSize} memories (${round(seconds, 1)} s)`);
  }
  const byPostgres: Record<string, unknown> = {};
  for (const size of sizes) byPostgres[`${size}`] = await measure(size, 'postgres');
  results.sqlite = bySqlite;
  results.postgres = byPostgres;
}

if (args.includes('--skip-ingest')) {
  console.log(JSON.stringify(results));
  process.exit(0);
}
// Ingest with real, batched embedding through the public API.
const ingest = await createHippocampus({ home, agentId: `ingest-${Date.now()}`, embedder, ...(store === undefined ? {} : { store }) });
const batch = sentences.slice(0, 1_000).map((content) => ({ type: 'chat' as const, content }));
const ingestStarted = performance.now();
for (let start = 0; start < batch.length; start += 250) await ingest.rememberMany(batch.slice(start, start + 250), { longTerm: true });
const perSecond = batch.length / ((performance.now() - ingestStarted) / 1000);
await ingest.stop();
if (store !== undefined) {
  // The same ingest into SQLite in the same run.
  const sqliteIngest = await createHippocampus({ home, agentId: `ingest-sqlite-${Date.now()}`, embedder });
  const started = performance.now();
  for (let start = 0; start < batch.length; start += 250) await sqliteIngest.rememberMany(batch.slice(start, start + 250), { longTerm: true });
  results.ingestSqliteMemoriesPerSecond = round(batch.length / ((performance.now() - started) / 1000), 1);
  await sqliteIngest.stop();
  console.log(`ingest into SQLite (same run): ${results.ingestSqliteMemoriesPerSecond} memories/s`);
}
// Baseline in the same run: USE-lite on the tfjs WASM runtime (the default before the ONNX graph), 250 memories.
const wasm = await createHippocampus({ home, agentId: `ingest-wasm-${Date.now()}`, embedder: createUseLiteEmbedder({ runtime: 'wasm' }) });
const wasmStarted = performance.now();
await wasm.rememberMany(batch.slice(0, 250), { longTerm: true });
const wasmPerSecond = 250 / ((performance.now() - wasmStarted) / 1000);
await wasm.stop();
results.ingestMemoriesPerSecond = round(perSecond, 1);
results.ingestWasmMemoriesPerSecond = round(wasmPerSecond, 1);
console.log(`ingest with embedding (batched): ${round(perSecond, 1)} memories/s ${perSecond >= 150 ? 'OK (≥ 150)' : 'MISSED (target ≥ 150)'}; tfjs WASM runtime (baseline): ${round(wasmPerSecond, 1)} memories/s (ratio ${round(perSecond / wasmPerSecond, 1)}x)`);
if (keptHome === null) fs.rmSync(home, { recursive: true, force: true });
console.log(JSON.stringify(results));
