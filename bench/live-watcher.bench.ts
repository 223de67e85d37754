// The live watcher's costs. Never run by the test command.
//
//   node --expose-gc --import tsx bench/live-watcher.bench.ts            (hash embedder: the watcher's own cost)
//   node --expose-gc --import tsx bench/live-watcher.bench.ts --use-lite (the default offline embedder)
//
// 1. Offline analyzer throughput (messages/s) over the five-day fixture, repeated with varied wording.
// 2. Added latency per polled batch: a batch of 50 new messages (analysis + the batch transaction),
//    and a poll that finds nothing new (what the periodic loop costs when the conversation is idle).
// 3. RSS of a long run: 300 rounds of 20 appended messages + a poll, RSS sampled after GC.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLiveWatcher } from '../src/live/live-watcher.ts';
import { createOfflineAnalyzer } from '../src/live/offline-analyzer.ts';
import { createTranscriptSource } from '../src/live/transcript-source.ts';
import type { ConversationMessage } from '../src/live/conversation-source.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import { createHashEmbedder } from '../src/testing/hash-embedder.ts';

const useLite = process.argv.includes('--use-lite');
const gc = (globalThis as { gc?: () => void }).gc;
const fixture = fs
  .readFileSync(new URL('../src/live/fixtures/multi-day-transcript.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { role: string; content: string });
const NOUNS = ['tea', 'coffee', 'jazz', 'hiking', 'Rust', 'Postgres', 'Lisbon', 'chess', 'pottery', 'sourdough', 'cycling', 'sushi'];

/** The fixture's messages with a varying detail, so repeats are not verbatim. */
function message(index: number): ConversationMessage {
  const base = fixture[index % fixture.length]!;
  const variant = Math.floor(index / fixture.length);
  const content = variant === 0 ? base.content : base.content.replace(/\.$/, '') + (base.role === 'user' && base.content.length > 30 ? `, and ${NOUNS[variant % NOUNS.length]} too (${variant}).` : '');
  return { id: `m${index}`, role: base.role, content, timestamp: 1_767_600_000_000 + index * 60_000 };
}

const line = (entry: ConversationMessage) => JSON.stringify(entry);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

async function analyzerThroughput(): Promise<void> {
  const messages = Array.from({ length: 2000 }, (_, index) => message(index));
  const analyzer = createOfflineAnalyzer();
  await analyzer.analyze(messages.slice(0, 50)); // warm the NLP models
  const started = performance.now();
  let candidates = 0;
  for (let offset = 0; offset < messages.length; offset += 50) candidates += (await analyzer.analyze(messages.slice(offset, offset + 50))).length;
  const seconds = (performance.now() - started) / 1000;
  console.log(`analyzer (offline): ${messages.length} messages in ${seconds.toFixed(2)} s = ${(messages.length / seconds).toFixed(0)} messages/s, ${candidates} candidates`);
}

async function batchLatency(home: string): Promise<void> {
  const file = path.join(home, 'latency.jsonl');
  const memory = await createHippocampus({ home, agentId: 'latency', embedder: useLite ? createUseLiteEmbedder() : createHashEmbedder() });
  const watcher = createLiveWatcher({ memory, source: createTranscriptSource({ file }), batchSize: 50 });
  const totals: number[] = [];
  const writes: number[] = [];
  const idle: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    fs.appendFileSync(file, Array.from({ length: 50 }, (_, index) => line(message(round * 50 + index))).join('\n') + '\n');
    const started = performance.now();
    const report = await watcher.pollBatch();
    totals.push(performance.now() - started);
    writes.push(report!.writeMs);
    const idleStarted = performance.now();
    await watcher.pollBatch();
    idle.push(performance.now() - idleStarted);
  }
  const memories = await memory.store.count({ agentId: 'latency' });
  await memory.stop();
  console.log(`watcher (${useLite ? 'USE-lite' : 'hash'} embedder), 20 batches of 50 messages → ${memories} memories:`);
  console.log(`  per batch: median ${median(totals).toFixed(1)} ms, p95 ${p95(totals).toFixed(1)} ms (of which the write transaction: median ${median(writes).toFixed(1)} ms)`);
  console.log(`  idle poll (nothing new): median ${median(idle).toFixed(2)} ms`);
}

async function longRunMemory(home: string): Promise<void> {
  const file = path.join(home, 'long.jsonl');
  const memory = await createHippocampus({ home, agentId: 'long', embedder: useLite ? createUseLiteEmbedder() : createHashEmbedder() });
  const watcher = createLiveWatcher({ memory, source: createTranscriptSource({ file }), batchSize: 50 });
  const samples: { round: number; rssMb: number; heapMb: number }[] = [];
  for (let round = 0; round < 300; round += 1) {
    fs.appendFileSync(file, Array.from({ length: 20 }, (_, index) => line(message(round * 20 + index))).join('\n') + '\n');
    await watcher.runOnce();
    if (round % 50 === 49) {
      gc?.();
      const usage = process.memoryUsage();
      samples.push({ round: round + 1, rssMb: usage.rss / 1e6, heapMb: usage.heapUsed / 1e6 });
    }
  }
  const memories = await memory.store.count({ agentId: 'long' });
  await memory.stop();
  console.log(`long run: 300 polls, 6,000 messages → ${memories} memories${gc ? '' : ' (run with --expose-gc for stable numbers)'}`);
  for (const sample of samples) console.log(`  after ${String(sample.round).padStart(3)} polls: RSS ${sample.rssMb.toFixed(1)} MB, heap ${sample.heapMb.toFixed(1)} MB`);
}

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-live-bench-'));
try {
  console.log(`node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}`);
  await analyzerThroughput();
  await batchLatency(home);
  await longRunMemory(home);
} finally {
  fs.rmSync(home, { recursive: true, force: true });
}
