// npm run bench:vector-index [-- --sizes 10000,100000,1000000]
// The agent's vector search as shipped (sign codes scanned in memory, exact cosine over float16
// candidates; src/stores/sqlite/sign-code-vectors.ts) against the exact answer: a float32 brute-force
// scan in the same process, the baseline every figure is a ratio to. Vectors go through the real
// SQLite backend (rows, then vectors.upsert), so the bytes are the database's own (dbstat).
// Not part of the tests: figures depend on the machine; compare them within one run.
//
// Test vectors resemble real USE-lite embeddings: ~3,500 real sentences (LoCoMo
// turns and questions) are embedded once, 200 are held out as queries, and the N
// stored vectors are normalized mixtures of 1-3 of the others plus noise. Pure
// i.i.d. random vectors are measured too, for contrast: they have no structure,
// which is the worst case for quantization.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hashContent } from '../src/core/content-hash.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import type { MemoryRecord } from '../src/spec/memory-record.ts';
import { createSqliteBackend } from '../src/stores/sqlite/sqlite-backend.ts';
import { openSignCodeVectors, SIGN_CODE_CANDIDATES, VECTOR_TABLE } from '../src/stores/sqlite/sign-code-vectors.ts';

const DIMENSIONS = 512;
const K = 10;
const CANDIDATES = [200, 400, SIGN_CODE_CANDIDATES];
const BATCH = 10_000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    queries: { type: 'string', default: '200' },
    'queries-at-1m': { type: 'string', default: '50' },
    'random-sizes': { type: 'string', default: '10000,100000' },
    sentences: { type: 'string', default: path.resolve(repoRoot, '../shared/data/locomo') },
    out: { type: 'string', default: path.join(repoRoot, 'bench/results/vector-index.json') },
  },
});
const numbers = (text: string) => text.split(',').filter(Boolean).map(Number);
const sizes = numbers(args.sizes);
const randomSizes = new Set(numbers(args['random-sizes']));
const queryCount = (size: number) => (size >= 1_000_000 ? Number(args['queries-at-1m']) : Number(args.queries));
const workDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-vector-bench-'));

type Dataset = 'realistic' | 'random';
interface Row {
  dataset: Dataset;
  size: number;
  method: string;
  buildSeconds: number;
  bytes: number;
  rssDeltaMb: number;
  queries: number;
  p50Ms: number;
  p95Ms: number;
  recallAt10: number;
  notes?: Record<string, number | string>;
}
const rows: Row[] = [];
// ---------- numbers ----------
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let index = 0; index < vector.length; index += 1) vector[index]! /= norm;
  return vector;
}
function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}
const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const blob = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

// ---------- test vectors ----------
async function sentenceVectors(): Promise<{ bases: Float32Array[]; heldOut: Float32Array[] }> {
  const texts = new Set<string>();
  for (const file of fs.readdirSync(args.sentences).filter((name) => name.endsWith('.json'))) {
    const conversation = JSON.parse(fs.readFileSync(path.join(args.sentences, file), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(conversation)) {
      if (/^session_\d+$/.test(key) && Array.isArray(value)) for (const turn of value as { text: string }[]) texts.add(turn.text);
    }
    for (const item of (conversation.qa ?? []) as { question: string }[]) texts.add(item.question);
  }
  const sentences = [...texts].filter((text) => text.length >= 12).sort();
  const random = mulberry32(7);
  for (let index = sentences.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [sentences[index], sentences[other]] = [sentences[other]!, sentences[index]!];
  }
  const digest = crypto.createHash('sha256').update(sentences.join('\n')).digest('hex').slice(0, 16);
  const cacheFile = path.join(os.tmpdir(), `hippocampus-use-lite-${digest}.f32`);
  let flat: Float32Array;
  if (fs.existsSync(cacheFile)) {
    const bytes = fs.readFileSync(cacheFile);
    flat = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  } else {
    const started = performance.now();
    const { embeddings } = await createUseLiteEmbedder({ maxBatchSize: 64 }).doEmbed({ values: sentences });
    flat = new Float32Array(sentences.length * DIMENSIONS);
    embeddings.forEach((vector, index) => flat.set(vector, index * DIMENSIONS));
    fs.writeFileSync(cacheFile, blob(flat));
    console.log(`embedded ${sentences.length} sentences with USE-lite in ${round((performance.now() - started) / 1000, 1)} s (cached in ${cacheFile})`);
  }
  const vectors = sentences.map((_, index) => flat.slice(index * DIMENSIONS, (index + 1) * DIMENSIONS));
  return { heldOut: vectors.slice(0, 200), bases: vectors.slice(200) };
}

/**
 * Vector number `index` of a dataset, the same on every pass: one to three real
 * sentence vectors mixed (a memory about several things), nudged towards a few
 * unrelated sentences (paraphrase noise that stays in the span of real
 * embeddings) and a little isotropic noise.
 */
function vectorAt(dataset: Dataset, bases: Float32Array[], index: number, out: Float32Array): void {
  const random = mulberry32(Math.imul(index + 1, 2654435761) ^ (dataset === 'random' ? 0x5eed : 0xbeef));
  if (dataset === 'random') {
    for (let dimension = 0; dimension < DIMENSIONS; dimension += 1) out[dimension] = gaussian(random);
    normalize(out);
    return;
  }
  out.fill(0);
  const draw = random();
  const parts = draw < 0.5 ? 1 : draw < 0.8 ? 2 : 3;
  const pick = () => bases[Math.floor(random() * bases.length)]!;
  for (let part = 0; part < parts; part += 1) {
    const weight = part === 0 ? 1 : 0.3 + 0.5 * random();
    const base = pick();
    for (let dimension = 0; dimension < DIMENSIONS; dimension += 1) out[dimension]! += weight * base[dimension]!;
  }
  for (let part = 0; part < 4; part += 1) {
    const weight = (random() - 0.5) * 0.3;
    const base = pick();
    for (let dimension = 0; dimension < DIMENSIONS; dimension += 1) out[dimension]! += weight * base[dimension]!;
  }
  const noise = (0.05 + 0.15 * random()) / Math.sqrt(DIMENSIONS);
  for (let dimension = 0; dimension < DIMENSIONS; dimension += 1) out[dimension]! += noise * gaussian(random);
  normalize(out);
}

function queryVectors(dataset: Dataset, heldOut: Float32Array[], count: number): Float32Array[] {
  const random = mulberry32(dataset === 'random' ? 99 : 42);
  return Array.from({ length: count }, (_, index) => {
    const query = new Float32Array(DIMENSIONS);
    const source = heldOut[index % heldOut.length]!;
    for (let dimension = 0; dimension < DIMENSIONS; dimension += 1) {
      query[dimension] = dataset === 'random' ? gaussian(random) : source[dimension]! + (0.1 / Math.sqrt(DIMENSIONS)) * gaussian(random);
    }
    return normalize(query);
  });
}

// ---------- measuring ----------
function timeQueries(queries: Float32Array[], search: (query: Float32Array) => number[]): { latencies: number[]; results: number[][] } {
  for (const query of queries.slice(0, 3)) search(query); // warm caches and statements
  const latencies: number[] = [];
  const results: number[][] = [];
  for (const query of queries) {
    const started = performance.now();
    results.push(search(query));
    latencies.push(performance.now() - started);
  }
  return { latencies, results };
}

function recallAt10(results: number[][], exact: number[][]): number {
  let found = 0;
  results.forEach((result, index) => {
    const truth = new Set(exact[index]);
    found += result.slice(0, K).filter((seq) => truth.has(seq)).length;
  });
  return found / (results.length * K);
}

function record(row: Omit<Row, 'p50Ms' | 'p95Ms' | 'queries' | 'recallAt10'>, latencies: number[], results: number[][], exact: number[][]): void {
  const loadAverage1m = round(os.loadavg()[0] ?? 0, 2); // other work on the machine slows every method alike
  rows.push({ ...row, queries: latencies.length, p50Ms: round(percentile(latencies, 0.5)), p95Ms: round(percentile(latencies, 0.95)), recallAt10: round(recallAt10(results, exact)), notes: { ...row.notes, loadAverage1m } });
  const last = rows.at(-1)!;
  console.log(`  ${last.method.padEnd(22)} p50 ${last.p50Ms} ms  p95 ${last.p95Ms} ms  recall@10 ${last.recallAt10}`);
}

/** The `K` nearest by exact cosine over float32 vectors held in one flat array (all unit length). */
function exactNearest(flat: Float32Array, count: number, query: Float32Array): number[] {
  const best: { seq: number; score: number }[] = [];
  for (let row = 0; row < count; row += 1) {
    let dot = 0;
    const offset = row * DIMENSIONS;
    for (let dimension = 0; dimension < DIMENSIONS; dimension += 1) dot += flat[offset + dimension]! * query[dimension]!;
    if (best.length < K || dot > best[best.length - 1]!.score) {
      best.push({ seq: row + 1, score: dot });
      best.sort((left, right) => right.score - left.score);
      if (best.length > K) best.pop();
    }
  }
  return best.map((hit) => hit.seq);
}

function memoryRow(agentId: string, index: number, now: number): MemoryRecord {
  const content = `vector bench memory ${index}`;
  return {
    id: `01VECTOR${String(index).padStart(18, '0')}`, agentId, sessionId: 'bench', type: 'chat', kind: 'memory', content, context: {}, domain: null, category: null,
    timestamp: now, createdAt: now, consolidatedAt: now, lastAccessedAt: null, importance: 0.5, accessCount: 0, runningIntensity: 0.5,
    encounterCount: 1, supersededBy: null, contentHash: hashContent(content), relatedTo: [], tags: [], source: 'bench',
  };
}

/** Loads `size` memories and their vectors through the SQLite backend, then searches them every way. */
async function measure(dataset: Dataset, size: number, bases: Float32Array[], queries: Float32Array[]): Promise<void> {
  const home = path.join(workDirectory, `${dataset}-${size}`);
  const backend = createSqliteBackend({ home });
  const agentId = 'bench';
  const scope = { agentId };
  await backend.vectors.bind(scope, { provider: 'use-lite', modelId: 'bench', dimensions: DIMENSIONS });
  // The exact baseline keeps float32 copies in this process: up to 1M × 2 KB, the bench's own cost.
  const flat = new Float32Array(size * DIMENSIONS);
  const now = Date.now();
  let loadMs = 0;
  await forEachBatchAsync(dataset, bases, size, async (vectors, firstSeq) => {
    vectors.forEach((vector, offset) => flat.set(vector, (firstSeq - 1 + offset) * DIMENSIONS));
    const records = vectors.map((_, offset) => memoryRow(agentId, firstSeq - 1 + offset, now));
    const started = performance.now();
    await backend.store.insertMany(scope, records);
    await backend.vectors.upsert(scope, records.map((record, offset) => ({ id: record.id, vector: vectors[offset]! })));
    loadMs += performance.now() - started;
  });
  const db = backend.pool.connection(agentId);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const tableBytes = (db.prepare('SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = ?').get(VECTOR_TABLE) as { bytes: number }).bytes;
  const seqOfId = new Map((db.prepare('SELECT seq, id FROM memories').all() as { seq: number; id: string }[]).map((row) => [row.id, row.seq]));
  const seqBase = Math.min(...seqOfId.values()) - 1; // memories are numbered from 1 in load order
  console.log(`  loaded in ${round(loadMs / 1000, 1)} s; ${VECTOR_TABLE} ${round(tableBytes / size)} B per vector`);

  const exact = timeQueries(queries, (query) => exactNearest(flat, size, query));
  record({ dataset, size, method: 'exact float32 scan', buildSeconds: 0, bytes: size * DIMENSIONS * 4, rssDeltaMb: round((size * DIMENSIONS * 4) / 1048576, 1) }, exact.latencies, exact.results, exact.results);

  for (const candidates of CANDIDATES) {
    const rssBefore = rssMb();
    const started = performance.now();
    const search = openSignCodeVectors({ db, dimensions: DIMENSIONS, candidates });
    search.catchUp();
    const openSeconds = round((performance.now() - started) / 1000, 2);
    const run = timeQueries(queries, (query) => search.search(query, K).map((hit) => hit.seq - seqBase));
    record({ dataset, size, method: `sign codes C=${candidates}`, buildSeconds: openSeconds, bytes: tableBytes, rssDeltaMb: round(rssMb() - rssBefore, 1), notes: { codeBytes: search.bytes } }, run.latencies, run.results, exact.results);
    search.close();
  }
  // The backend's own search (default candidates, ids looked up): what recall pays.
  const asShipped = await timeQueriesAsync(queries, async (query) => (await backend.vectors.search(scope, query, { limit: K })).map((hit) => seqOfId.get(hit.id)! - seqBase));
  record({ dataset, size, method: 'vectors.search (ids)', buildSeconds: 0, bytes: tableBytes, rssDeltaMb: 0 }, asShipped.latencies, asShipped.results, exact.results);
  await backend.close();
  fs.rmSync(home, { recursive: true, force: true });
}

/** Generates the dataset in batches, each when the previous one is stored. */
async function forEachBatchAsync(dataset: Dataset, bases: Float32Array[], size: number, work: (vectors: Float32Array[], firstSeq: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < size; start += BATCH) {
    const vectors = Array.from({ length: Math.min(BATCH, size - start) }, (_, offset) => {
      const vector = new Float32Array(DIMENSIONS);
      vectorAt(dataset, bases, start + offset, vector);
      return vector;
    });
    await work(vectors, start + 1);
  }
}

async function timeQueriesAsync(queries: Float32Array[], search: (query: Float32Array) => Promise<number[]>): Promise<{ latencies: number[]; results: number[][] }> {
  for (const query of queries.slice(0, 3)) await search(query);
  const latencies: number[] = [];
  const results: number[][] = [];
  for (const query of queries) {
    const started = performance.now();
    results.push(await search(query));
    latencies.push(performance.now() - started);
  }
  return { latencies, results };
}

// ---------- report ----------
function writeSummary(): void {
  const summary = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', totalMemoryGb: round(os.totalmem() / 1024 ** 3, 1), node: process.version },
    settings: { dimensions: DIMENSIONS, k: K, candidates: CANDIDATES },
    results: rows,
  };
  fs.mkdirSync(path.dirname(args.out), { recursive: true });
  fs.writeFileSync(args.out, `${JSON.stringify(summary, null, 2)}\n`);
  console.log('\n| dataset | N | method | open s | bytes/vector (db) | RSS Δ MB | p50 ms | p95 ms | recall@10 |\n|---|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.dataset} | ${row.size.toLocaleString('en')} | ${row.method} | ${row.buildSeconds} | ${Math.round(row.bytes / row.size)} | ${row.rssDeltaMb} | ${row.p50Ms} | ${row.p95Ms} | ${row.recallAt10} |`);
  }
  console.log(`\n${JSON.stringify(summary)}\nwritten to ${path.relative(repoRoot, args.out)}`);
}

async function main(): Promise<void> {
  const { bases, heldOut } = await sentenceVectors();
  console.log(`${bases.length} base sentence vectors, ${heldOut.length} held out for queries; work dir ${workDirectory}`);
  for (const dataset of ['realistic', 'random'] as const) {
    for (const size of sizes) {
      if (dataset === 'random' && !randomSizes.has(size)) continue;
      const queries = queryVectors(dataset, heldOut, queryCount(size));
      console.log(`\n${dataset} N=${size.toLocaleString('en')} (${queries.length} queries)`);
      await measure(dataset, size, bases, queries);
    }
  }
  fs.rmSync(workDirectory, { recursive: true, force: true });
  writeSummary();
}

await main();
