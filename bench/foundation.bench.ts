// npm run bench — the memory engine foundation against its design targets.
// Not part of the tests: figures depend on the machine; compare them within one run.
// Keyword-only engines (embedder: null): embedding cost is measured by bench/recall-scale.bench.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentPaths } from '../src/config/agent-paths.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { ShortTermBuffer } from '../src/memory/short-term-buffer.ts';
import type { MemoryRecord } from '../src/spec/memory-record.ts';
import { round, summarize, timeEach, verdict } from './lib/stats.ts';
import { syntheticMemories } from './lib/synthetic-memories.ts';

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-bench-'));
const results: Record<string, unknown> = {};
const line = (text: string) => console.log(text);

async function shortTerm(): Promise<void> {
  const buffer = new ShortTermBuffer<MemoryRecord>(100);
  const records = syntheticMemories('stm', 10_000);
  const append = await timeEach(10_000, (index) => buffer.append(records[index]!));
  const search = await timeEach(2_000, (index) => buffer.search((record) => record.tags.includes(`${records[index % 100]!.tags[0]}`) && record.importance >= 0.3));
  results.stmAppendMs = summarize(append);
  results.stmSearchMs = summarize(search);
  line(`STM append      p50 ${summarize(append).p50} ms  p95 ${summarize(append).p95} ms  ${verdict(summarize(append).p95, 1)}`);
  line(`STM search(100) p50 ${summarize(search).p50} ms  p95 ${summarize(search).p95} ms  ${verdict(summarize(search).p95, 1)}`);
}

async function longTerm(size: number): Promise<void> {
  const agentId = `ltm-${size}`;
  const memory = await createHippocampus({ home, agentId, embedder: null });
  const started = performance.now();
  for (let start = 0; start < size; start += 5_000) await memory.store.insertMany({ agentId }, syntheticMemories(agentId, Math.min(5_000, size - start), start));
  const loadSeconds = (performance.now() - started) / 1000;
  const queries = [
    { types: ['decision' as const], minImportance: 0.5, limit: 20 },
    { tags: ['billing'], limit: 20 },
    { domain: 'user', since: Date.now() - 30 * 24 * 3600_000, limit: 20 },
    { types: ['error' as const, 'insight' as const], tags: ['latency'], minImportance: 0.7, limit: 10 },
  ];
  const samples = await timeEach(400, (index) => memory.recall(queries[index % queries.length]!));
  const related = await timeEach(200, (index) => memory.recallRelated({ userId: `user-${index % 50}`, limit: 20 }));
  await memory.stop();
  const bytes = ['', '-wal'].reduce((total, suffix) => total + (fs.existsSync(agentPaths(home, agentId).longTermDatabase + suffix) ? fs.statSync(agentPaths(home, agentId).longTermDatabase + suffix).size : 0), 0);
  const summary = summarize(samples);
  results[`ltmRecall${size / 1000}kMs`] = summary;
  results[`ltmRelated${size / 1000}kMs`] = summarize(related);
  results[`dbBytes${size / 1000}k`] = bytes;
  line(`LTM ${size / 1000}k: loaded in ${round(loadSeconds, 1)} s (${Math.round(size / loadSeconds)}/s); filtered recall p50 ${summary.p50} ms p95 ${summary.p95} ms ${verdict(summary.p95, 10)}; related p95 ${summarize(related).p95} ms`);
  line(`LTM ${size / 1000}k: database ${round(bytes / 1024 / 1024, 1)} MB → ${round((bytes / size) * 10_000 / 1024 / 1024, 1)} MB per 10k ${verdict((bytes / size) * 10_000 / 1024 / 1024, 100)}`);
}

async function consolidationBatch(): Promise<void> {
  const samples: number[] = [];
  for (let round_ = 0; round_ < 10; round_ += 1) {
    const agentId = `consolidate-${round_}`;
    const memory = await createHippocampus({ home, agentId, embedder: null, shortTerm: { capacity: 200 } });
    for (let index = 0; index < 100; index += 1) memory.enqueue({ type: 'insight', content: `insight ${round_}-${index} about the cache`, importance: 0.8 });
    await memory.tick().catch(() => undefined);
    // tick already consolidated (important arrivals); measure a clean batch instead:
    for (let index = 0; index < 100; index += 1) await memory.remember({ type: 'decision', content: `decision ${round_}-${index}`, importance: 0.75 });
    const report = await memory.consolidate('bench');
    samples.push(report.durationMs);
    await memory.stop();
  }
  const summary = summarize(samples);
  results.consolidationBatch100Ms = summary;
  line(`Consolidation of a 100-memory batch: p50 ${summary.p50} ms p95 ${summary.p95} ms ${verdict(summary.p95, 50)}`);
}

async function rssAfterWrites(): Promise<void> {
  const agentId = 'rss';
  const memory = await createHippocampus({ home, agentId, embedder: null });
  const before = process.memoryUsage().rss;
  const started = performance.now();
  for (let index = 0; index < 100_000; index += 1) {
    memory.enqueue({ type: 'observation', content: `observation ${index} of the fleet`, importance: index % 3 === 0 ? 0.8 : 0.3 });
    if (index % 1000 === 999) await memory.tick();
  }
  await memory.stop();
  const seconds = (performance.now() - started) / 1000;
  const rss = process.memoryUsage().rss;
  results.rssAfter100kWritesMb = round(rss / 1024 / 1024, 1);
  results.enqueuedWritesPerSecond = Math.round(100_000 / seconds);
  line(`100k enqueued writes through the loop: ${Math.round(100_000 / seconds)}/s; RSS ${round(before / 1024 / 1024, 1)} → ${round(rss / 1024 / 1024, 1)} MB`);
}

line(`Hippocampus foundation benchmark — node ${process.version}, ${os.cpus().length} cores\n`);
await shortTerm();
await consolidationBatch();
await longTerm(10_000);
await longTerm(100_000);
await rssAfterWrites();
fs.rmSync(home, { recursive: true, force: true });
console.log(`\n${JSON.stringify(results)}`);
