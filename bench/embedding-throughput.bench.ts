// npx tsx bench/embedding-throughput.bench.ts [-- --sentences 512 --modes wasm,onnx,latency]
// How many sentences per second USE-lite embeds here, on both runtimes:
// - wasm*: tfjs WASM in the calling thread (batches of 32, 8, 128, grouped by length);
// - pool-N: the wasm model in N worker threads;
// - onnx*: onnxruntime-node, on every core (onnx), one (onnx-1), batches of 128, grouped by length;
// - tokenizer / tokenizer-tfjs: the tokenizer port the onnx runtime uses, and the tfjs package's;
// - latency: one query at a time on each runtime (what recall waits for), p50/p95.
// Then the onnx/wasm ratios. Not part of the tests: figures depend on the
// machine and on what else runs on it, so the load average is printed beside
// every row and "per CPU-s" (sentences per second of CPU time, all threads) is
// the figure that survives a busy machine. Compare rows within one run.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { loadUseLiteOnnxModel } from '../src/providers/use-lite/onnx/use-lite-onnx-model.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/use-lite-embedder.ts';
import { loadUseLiteModel } from '../src/providers/use-lite/use-lite-wasm-model.ts';
import { closeUseLitePool } from '../src/providers/use-lite/worker-pool.ts';
import type { Embedder } from '../src/spec/embedder.ts';
import { percentile } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    sentences: { type: 'string', default: '512' },
    modes: { type: 'string', default: 'tokenizer,tokenizer-tfjs,wasm,wasm-sorted,pool-2,onnx,onnx-1,onnx-sorted,onnx-batch-128,latency' },
    /** Single queries timed per runtime in the latency mode. */
    queries: { type: 'string', default: '64' },
  },
});
const count = Number(args.sentences);
const modes = args.modes.split(',');
const texts = makeSentences(count);
/** sentences/s and per CPU-s of each mode run, for the ratios at the end. */
const rates = new Map<string, { perSecond: number; perCpuSecond: number }>();
const latencies = new Map<string, { p50: number; p95: number }>();

console.log(`${count} sentences of 20-40 words; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}); node ${process.version}`);
// What a second thread can get right now: on a busy machine a pool cannot beat this.
console.log(`parallel speedup of a pure-JS busy loop, 2 threads vs 1: ${(await spinSpeedup()).toFixed(2)}x`);
console.log('mode                 sentences/s   per CPU-s   load average (1, 5, 15 min)');

for (const mode of modes) {
  if (mode === 'tokenizer' || mode === 'tokenizer-tfjs') {
    const { tokenizer } = mode === 'tokenizer' ? await loadUseLiteOnnxModel({ threads: 1 }) : await loadUseLiteModel();
    report(mode, await measure(async () => {
      for (const text of texts) tokenizer.encode(text);
    }));
  } else if (mode.startsWith('wasm') || mode.startsWith('onnx')) {
    const [runtime, variant] = mode.split('-', 2) as ['wasm' | 'onnx', string | undefined];
    const batchSize = variant === 'batch' ? Number(mode.split('-')[2]) : 32;
    const threads = variant !== undefined && /^\d+$/.test(variant) ? Number(variant) : undefined;
    const ordered = variant === 'sorted' ? byLength(texts) : texts;
    const embedder = createUseLiteEmbedder({ runtime, maxBatchSize: batchSize, ...(threads === undefined ? {} : { threads }) });
    await embedder.doEmbed({ values: texts.slice(0, batchSize) });
    report(mode, await measure(() => embedAll(embedder, ordered)));
  } else if (mode.startsWith('pool-')) {
    const workers = Number(mode.slice('pool-'.length));
    const embedder = createUseLiteEmbedder({ runtime: 'wasm', workers });
    // Warm every worker: each loads its own model on its first job.
    await embedder.doEmbed({ values: texts.slice(0, embedder.maxBatchSize) });
    report(mode, await measure(() => embedAll(embedder, texts)));
    await closeUseLitePool();
  } else if (mode === 'latency') {
    await measureLatency();
  } else {
    console.log(`${mode}: unknown mode`);
  }
}
reportRatios();

/** One text per doEmbed call, as recall embeds its query: p50 and p95 over distinct sentences. */
async function measureLatency(): Promise<void> {
  const queries = texts.slice(0, Math.min(texts.length, Number(args.queries)));
  console.log(`\nsingle-query latency (${queries.length} queries, one at a time)`);
  console.log('runtime   p50 ms   p95 ms');
  for (const runtime of ['wasm', 'onnx'] as const) {
    const embedder = createUseLiteEmbedder({ runtime });
    await embedder.doEmbed({ values: [texts.at(-1)!] });
    const samples: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      await embedder.doEmbed({ values: [query] });
      samples.push(performance.now() - started);
    }
    const entry = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
    latencies.set(runtime, entry);
    console.log(`${runtime.padEnd(7)} ${entry.p50.toFixed(1).padStart(8)} ${entry.p95.toFixed(1).padStart(8)}`);
  }
}

/** onnx over wasm for every pair of comparable modes that ran. */
function reportRatios(): void {
  const pairs = [
    ['onnx', 'wasm'],
    ['onnx-sorted', 'wasm-sorted'],
    ['onnx', 'pool-2'],
    ['onnx-1', 'wasm'],
  ] as const;
  const lines = pairs.flatMap(([onnx, wasm]) => {
    const fast = rates.get(onnx);
    const slow = rates.get(wasm);
    if (fast === undefined || slow === undefined) return [];
    return [`${`${onnx} / ${wasm}`.padEnd(26)} ${(fast.perSecond / slow.perSecond).toFixed(2)}x sentences/s, ${(fast.perCpuSecond / slow.perCpuSecond).toFixed(2)}x per CPU-s`];
  });
  const onnxLatency = latencies.get('onnx');
  const wasmLatency = latencies.get('wasm');
  if (onnxLatency !== undefined && wasmLatency !== undefined) {
    lines.push(`${'latency wasm / onnx'.padEnd(26)} ${(wasmLatency.p50 / onnxLatency.p50).toFixed(2)}x at p50, ${(wasmLatency.p95 / onnxLatency.p95).toFixed(2)}x at p95`);
  }
  if (lines.length > 0) console.log(`\nratios\n${lines.join('\n')}`);
}

/** Calls doEmbed batch by batch, as the engine's embedWithCache does. */
async function embedAll(embedder: Embedder, values: string[]): Promise<void> {
  for (let start = 0; start < values.length; start += embedder.maxBatchSize) {
    await embedder.doEmbed({ values: values.slice(start, start + embedder.maxBatchSize) });
  }
}

async function measure(run: () => Promise<void>): Promise<{ seconds: number; cpuSeconds: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function report(mode: string, { seconds, cpuSeconds }: { seconds: number; cpuSeconds: number }): void {
  rates.set(mode, { perSecond: count / seconds, perCpuSecond: count / cpuSeconds });
  const load = os.loadavg().map((value) => value.toFixed(2)).join(', ');
  console.log(`${mode.padEnd(20)} ${(count / seconds).toFixed(1).padStart(11)}   ${(count / cpuSeconds).toFixed(1).padStart(9)}   ${load}`);
}

/** Wall time of one busy loop divided by the wall time per loop when two run in two threads. */
async function spinSpeedup(): Promise<number> {
  const code = `const { parentPort } = require('node:worker_threads'); let x = 0;
    for (let i = 0; i < 1e8; i++) x = (x + i * 7) % 1000003; parentPort.postMessage(x);`;
  const spin = async (threads: number) => {
    const started = performance.now();
    await Promise.all(Array.from({ length: threads }, () => new Promise((resolve, reject) => {
      const worker = new Worker(code, { eval: true });
      worker.once('message', (value) => void worker.terminate().then(() => resolve(value)));
      worker.once('error', reject);
    })));
    return performance.now() - started;
  };
  const one = await spin(1);
  return (2 * one) / (await spin(2));
}

/** Shortest first, so each batch pads its texts to a similar token count. */
function byLength(values: string[]): string[] {
  return [...values].sort((left, right) => left.length - right.length);
}

/** Deterministic varied sentences of 20-40 words (a fixed-seed LCG over small vocabularies). */
function makeSentences(total: number): string[] {
  const subjects = ['The engineer', 'My sister', 'A tired nurse', 'Our landlord', 'The new intern', 'Grandpa', 'The quarterly report', 'A stray cat', 'The database migration', 'Maria', 'The customer from Lyon', 'Our hiking group'];
  const verbs = ['mentioned', 'complained that', 'remembered', 'insisted', 'discovered', 'explained', 'wrote down', 'argued', 'promised', 'forgot'];
  const nouns = ('apple river budget deadline kitchen server latency vacation piano garden invoice doctor appointment birthday coffee train station ' +
    'password keyboard meeting weather umbrella mountain holiday allergy peanut recipe saxophone cluster deployment rollback marathon novel chapter ' +
    'museum ticket flight delay hotel breakfast contract lawyer painting bicycle repair warranty shipping package neighbor dog walk evening morning ' +
    'spreadsheet forecast revenue quarter hiring interview candidate salary bonus vaccine pharmacy prescription library overdue fine yoga class ' +
    'tennis lesson harbour ferry lighthouse storm').split(' ');
  const glue = ['and', 'because', 'while', 'after', 'before', 'although', 'so', 'but', 'until', 'since', 'with', 'near', 'about', 'the', 'a', 'every', 'on', 'in', 'at', 'for'];
  let state = 42;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const pick = (list: string[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: total }, () => {
    const target = 20 + Math.floor(random() * 21);
    const words = [...pick(subjects).split(' '), ...pick(verbs).split(' ')];
    while (words.length < target) words.push(random() < 0.45 ? pick(glue) : pick(nouns));
    return words.join(' ') + (random() < 0.2 ? '?' : '.');
  });
}
