// npm run bench:vector-index [-- --sizes 10000,100000,1000000]
// Which vector search holds up to 1M memories per agent: sqlite-vec brute force,
// a bit-quantized sqlite-vec prefilter with exact rerank, or an in-memory HNSW.
// Not part of the tests: figures depend on the machine; compare them within one run.
//
// Test vectors resemble real USE-lite embeddings: ~3,500 real sentences (LoCoMo
// turns and questions) are embedded once, 200 are held out as queries, and the N
// stored vectors are normalized mixtures of 1-3 of the others plus noise. Pure
// i.i.d. random vectors are measured too, for contrast: they have no structure,
// which is the worst case for quantization and graphs alike.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';

const DIMENSIONS = 512;
const K = 10;
const CANDIDATES = [100, 200, 400];
const HNSW = { m: 16, efConstruction: 200, efSearch: [64, 128] };
/** The share of the 10 ms recall budget the vector search may take. */
const VECTOR_BUDGET_MS = 5;
const BATCH = 10_000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    queries: { type: 'string', default: '200' },
    'queries-at-1m': { type: 'string', default: '50' },
    'hnsw-sizes': { type: 'string', default: '10000,100000' },
    'random-sizes': { type: 'string', default: '10000,100000' },
    methods: { type: 'string', default: 'bits,hnsw' },
    sentences: { type: 'string', default: path.resolve(repoRoot, '../shared/data/locomo') },
    out: { type: 'string', default: path.join(repoRoot, 'bench/results/vector-index.json') },
  },
});
const numbers = (text: string) => text.split(',').filter(Boolean).map(Number);
const sizes = numbers(args.sizes);
const hnswSizes = new Set(numbers(args['hnsw-sizes']));
const randomSizes = new Set(numbers(args['random-sizes']));
// Float brute force always runs: it is the exact answer the others are scored against.
const methods = new Set(args.methods.split(','));
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
interface Skip {
  dataset: Dataset;
  size: number;
  method: string;
  reason: string;
}
const rows: Row[] = [];
const skipped: Skip[] = [];

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

/** Generates the dataset in batches (1M vectors are 2 GB: never all in memory at once). */
function forEachBatch(dataset: Dataset, bases: Float32Array[], size: number, work: (vectors: Float32Array[], firstSeq: number) => void): void {
  const vectors = Array.from({ length: BATCH }, () => new Float32Array(DIMENSIONS));
  for (let start = 0; start < size; start += BATCH) {
    const count = Math.min(BATCH, size - start);
    for (let offset = 0; offset < count; offset += 1) vectorAt(dataset, bases, start + offset, vectors[offset]!);
    work(vectors.slice(0, count), start + 1);
  }
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
  console.log(`  ${last.method.padEnd(16)} p50 ${last.p50Ms} ms  p95 ${last.p95Ms} ms  recall@10 ${last.recallAt10}`);
}

function tableBytes(db: Database.Database, prefix: string): number {
  const row = db.prepare(`SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = ? OR name LIKE ? || '\\_%' ESCAPE '\\'`).get(prefix, prefix) as { bytes: number | null };
  return row.bytes ?? 0;
}

/** (a) float brute force and (b) the bit prefilter share one database, as they would in production. */
function measureSqlite(dataset: Dataset, size: number, bases: Float32Array[], queries: Float32Array[]): number[][] {
  const file = path.join(workDirectory, `${dataset}-${size}.sqlite`);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  sqliteVec.load(db);
  const withBits = methods.has('bits');
  db.exec(`CREATE VIRTUAL TABLE memory_vectors USING vec0(embedding float[${DIMENSIONS}] distance_metric=cosine);
    CREATE VIRTUAL TABLE memory_vector_bits USING vec0(embedding bit[${DIMENSIONS}]);`);
  const insertFloat = db.prepare('INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)');
  const insertBits = db.prepare('INSERT INTO memory_vector_bits (rowid, embedding) VALUES (?, vec_quantize_binary(?))');
  const rssBefore = rssMb();
  let floatMs = 0;
  let bitMs = 0;
  forEachBatch(dataset, bases, size, (vectors, firstSeq) => {
    let started = performance.now();
    db.transaction(() => vectors.forEach((vector, offset) => insertFloat.run(BigInt(firstSeq + offset), blob(vector))))();
    floatMs += performance.now() - started;
    if (!withBits) return;
    started = performance.now();
    db.transaction(() => vectors.forEach((vector, offset) => insertBits.run(BigInt(firstSeq + offset), blob(vector))))();
    bitMs += performance.now() - started;
  });
  db.pragma('wal_checkpoint(TRUNCATE)');
  const floatBytes = tableBytes(db, 'memory_vectors');
  const bitBytes = tableBytes(db, 'memory_vector_bits');
  const rssAfterBuild = rssMb();
  console.log(`  built: float ${round(floatMs / 1000, 1)} s, bits ${round(bitMs / 1000, 1)} s; file ${round(fs.statSync(file).size / 1048576, 1)} MB`);

  const knn = db.prepare('SELECT rowid, distance FROM memory_vectors WHERE embedding MATCH ? AND k = ?');
  const similarities = new Map<Float32Array, number[]>(); // by query: the warm-up runs overwrite themselves
  const exact = timeQueries(queries, (query) => {
    const hits = knn.all(blob(query), K) as { rowid: number; distance: number }[];
    similarities.set(query, hits.map((hit) => 1 - hit.distance));
    return hits.map((hit) => Number(hit.rowid));
  });
  const mean = (values: number[]) => round(values.reduce((total, value) => total + value, 0) / Math.max(1, values.length));
  // How close the neighbours are says how much structure the dataset has (random: none).
  const neighbours = [...similarities.values()];
  const notes = { meanTop1Similarity: mean(neighbours.map((hits) => hits[0] ?? 0)), meanTop10Similarity: mean(neighbours.map((hits) => hits.at(-1) ?? 0)) };
  const base = { dataset, size, rssDeltaMb: round(rssAfterBuild - rssBefore, 1) };
  record({ ...base, method: 'sqlite-vec float', buildSeconds: round(floatMs / 1000, 2), bytes: floatBytes, notes }, exact.latencies, exact.results, exact.results);
  if (withBits) measureBitPrefilter(db, queries, exact.results, { ...base, buildSeconds: round((floatMs + bitMs) / 1000, 2), bytes: floatBytes + bitBytes, bitBytes, bitSeconds: round(bitMs / 1000, 2) });
  db.close();
  fs.rmSync(file, { force: true });
  for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  return exact.results;
}

/**
 * (b): Hamming KNN over the sign bits for C candidates, then exact cosine over
 * their float vectors, read by rowid from the float table. The Hamming step is
 * also timed alone, to show where the time goes.
 */
function measureBitPrefilter(
  db: Database.Database,
  queries: Float32Array[],
  exact: number[][],
  build: { dataset: Dataset; size: number; rssDeltaMb: number; buildSeconds: number; bytes: number; bitBytes: number; bitSeconds: number },
): void {
  const hamming = db.prepare('SELECT rowid FROM memory_vector_bits WHERE embedding MATCH vec_quantize_binary(?) AND k = ?').pluck();
  const rerank = db.prepare(`WITH candidates AS (SELECT rowid FROM memory_vector_bits WHERE embedding MATCH vec_quantize_binary(?) AND k = ?)
    SELECT v.rowid FROM candidates c JOIN memory_vectors v ON v.rowid = c.rowid ORDER BY vec_distance_cosine(v.embedding, ?) LIMIT ?`).pluck();
  const { bitBytes, bitSeconds, ...row } = build;
  for (const candidates of CANDIDATES) {
    const alone = timeQueries(queries, (query) => hamming.all(blob(query), candidates) as number[]);
    const run = timeQueries(queries, (query) => (rerank.all(blob(query), candidates, blob(query), K) as (number | bigint)[]).map(Number));
    const notes = { bitTableBytes: bitBytes, bitBuildSeconds: bitSeconds, hammingOnlyP50Ms: round(percentile(alone.latencies, 0.5)), hammingOnlyP95Ms: round(percentile(alone.latencies, 0.95)) };
    record({ ...row, method: `bit prefilter C=${candidates}`, notes }, run.latencies, run.results, exact);
  }
}

interface HnswIndex {
  initIndex(maxElements: number, m: number, efConstruction: number, randomSeed: number): void;
  addPoint(point: number[], label: number): void;
  searchKnn(query: number[], neighbors: number): { neighbors: number[] };
  setEf(ef: number): void;
  writeIndex(file: string): Promise<boolean>;
  readIndex(file: string): Promise<boolean>;
}
type HnswConstructor = new (space: 'cosine', dimensions: number) => HnswIndex;

async function measureHnsw(dataset: Dataset, size: number, bases: Float32Array[], queries: Float32Array[], exact: number[][]): Promise<void> {
  let HierarchicalNSW: HnswConstructor;
  try {
    HierarchicalNSW = (createRequire(import.meta.url)('hnswlib-node') as { HierarchicalNSW: HnswConstructor }).HierarchicalNSW;
  } catch (error) {
    skipped.push({ dataset, size, method: 'hnsw', reason: `hnswlib-node does not load: ${String(error)}` });
    return;
  }
  const rssBefore = rssMb();
  const index = new HierarchicalNSW('cosine', DIMENSIONS);
  index.initIndex(size, HNSW.m, HNSW.efConstruction, 100);
  let buildMs = 0;
  forEachBatch(dataset, bases, size, (vectors, firstSeq) => {
    const started = performance.now();
    vectors.forEach((vector, offset) => index.addPoint(Array.from(vector), firstSeq + offset));
    buildMs += performance.now() - started;
  });
  const rssDeltaMb = round(rssMb() - rssBefore, 1);
  const file = path.join(workDirectory, `${dataset}-${size}.hnsw`);
  let started = performance.now();
  await index.writeIndex(file);
  const saveSeconds = round((performance.now() - started) / 1000, 2);
  const bytes = fs.statSync(file).size;
  const loaded = new HierarchicalNSW('cosine', DIMENSIONS);
  started = performance.now();
  await loaded.readIndex(file);
  const loadSeconds = round((performance.now() - started) / 1000, 2);
  fs.rmSync(file, { force: true });
  console.log(`  built in ${round(buildMs / 1000, 1)} s; saved in ${saveSeconds} s (${round(bytes / 1048576, 1)} MB), loaded in ${loadSeconds} s`);
  for (const ef of HNSW.efSearch) {
    loaded.setEf(ef);
    const run = timeQueries(queries, (query) => loaded.searchKnn(Array.from(query), K).neighbors);
    record({ dataset, size, method: `hnsw ef=${ef}`, buildSeconds: round(buildMs / 1000, 2), bytes, rssDeltaMb, notes: { saveSeconds, loadSeconds, m: HNSW.m, efConstruction: HNSW.efConstruction } }, run.latencies, run.results, exact);
  }
}

// ---------- report ----------
function bruteForceLimit(): { budgetMs: number; largestMeasuredWithinBudget: number | null; estimatedLimit: number | null } {
  const brute = rows.filter((row) => row.dataset === 'realistic' && row.method === 'sqlite-vec float').sort((left, right) => left.size - right.size);
  const below = brute.filter((row) => row.p95Ms <= VECTOR_BUDGET_MS).at(-1);
  const above = brute.find((row) => row.p95Ms > VECTOR_BUDGET_MS && row.size > (below?.size ?? 0));
  // Brute force is a linear scan: interpolate between the sizes around the budget, else extrapolate from the nearest.
  let estimated: number | null = null;
  if (below !== undefined && above !== undefined) estimated = below.size + ((VECTOR_BUDGET_MS - below.p95Ms) / (above.p95Ms - below.p95Ms)) * (above.size - below.size);
  else if (below !== undefined || above !== undefined) estimated = ((below ?? above)!.size * VECTOR_BUDGET_MS) / (below ?? above)!.p95Ms;
  return { budgetMs: VECTOR_BUDGET_MS, largestMeasuredWithinBudget: below?.size ?? null, estimatedLimit: estimated === null ? null : Math.round(estimated / 100) * 100 };
}

function writeSummary(): void {
  const previous = fs.existsSync(args.out) ? (JSON.parse(fs.readFileSync(args.out, 'utf8')) as { results?: Row[]; skipped?: Skip[] }) : {};
  const key = (item: { dataset: string; size: number; method: string }) => `${item.dataset}/${item.size}/${item.method}`;
  const fresh = new Set(rows.map(key));
  const measuredSizes = new Set(rows.map((row) => `${row.dataset}/${row.size}`));
  const merged = [...(previous.results ?? []).filter((row) => !fresh.has(key(row))), ...rows].sort((left, right) => left.dataset.localeCompare(right.dataset) || left.size - right.size || left.method.localeCompare(right.method));
  rows.splice(0, rows.length, ...merged);
  const keptSkips = (previous.skipped ?? []).filter((skip) => !measuredSizes.has(`${skip.dataset}/${skip.size}`) && !merged.some((row) => key(row).startsWith(`${skip.dataset}/${skip.size}/${skip.method}`)));
  const summary = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', totalMemoryGb: round(os.totalmem() / 1024 ** 3, 1), node: process.version },
    settings: { dimensions: DIMENSIONS, k: K, candidates: CANDIDATES, hnsw: HNSW, vectorBudgetMs: VECTOR_BUDGET_MS },
    results: merged,
    skipped: [...keptSkips, ...skipped],
    bruteForceLimit: bruteForceLimit(),
  };
  fs.mkdirSync(path.dirname(args.out), { recursive: true });
  fs.writeFileSync(args.out, `${JSON.stringify(summary, null, 2)}\n`);
  console.log('\n| dataset | N | method | build s | size MB | RSS Δ MB | p50 ms | p95 ms | recall@10 |\n|---|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const row of merged) {
    console.log(`| ${row.dataset} | ${row.size.toLocaleString('en')} | ${row.method} | ${row.buildSeconds} | ${round(row.bytes / 1048576, 1)} | ${row.rssDeltaMb} | ${row.p50Ms} | ${row.p95Ms} | ${row.recallAt10} |`);
  }
  for (const skip of summary.skipped) console.log(`skipped ${skip.dataset} N=${skip.size} ${skip.method}: ${skip.reason}`);
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
      const exact = measureSqlite(dataset, size, bases, queries);
      if (!methods.has('hnsw')) continue;
      if (hnswSizes.has(size)) await measureHnsw(dataset, size, bases, queries, exact);
      else skipped.push({ dataset, size, method: 'hnsw', reason: `not in --hnsw-sizes: one-threaded addPoint at efConstruction=${HNSW.efConstruction} would not fit the run's time budget` });
    }
  }
  fs.rmSync(workDirectory, { recursive: true, force: true });
  writeSummary();
}

await main();
