// What makes the slowest uncached recalls slow, on an agent a run of bench/recall-scale.bench.ts --home left
// (its `scale-100000`). Two modes:
//
// Stages (default): the scale bench's order — 20 questions to warm, 200 cached recalls, then 200 questions each
// asked once (so each embeds) — with every call of the recall into the indexes, the store and the embedder
// timed, the young-generation collections that fell in each recall, and the process's CPU a recall. Prints the
// recalls grouped by total time (fastest half, 50-90%, slowest 10% and 5%) with their stages' means. `--src DIR`
// measures another checkout's code (a worktree of another commit, its node_modules linked) on the same agent.
//
// Pairs (`--baseline DIR`): this tree's engine and DIR's in one process, on two copies of the agent (`--home`,
// `--baseline-home`), a fixed clock and no query cache (every recall embeds), alternating blocks of 25 questions,
// the order swapped each block; prints each side's p50 / p95 and CPU a recall, and how many questions' results
// (ids, scores, explanations) differ. `--pre-embedded`: the questions embedded once beforehand and handed back,
// so the CPU is the recall's own.
//
// npx tsx bench/recall-tail.bench.ts --home DIR [--agent scale-100000] [--data ../shared/data/locomo] [--src DIR]
// npx tsx bench/recall-tail.bench.ts --home DIR --baseline DIR --baseline-home DIR [--rounds 4] [--pre-embedded]
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Embedder } from '../src/spec/embedder.ts';
import type { RecallResult } from '../src/memory/relevant-recall.ts';
import { commandLine } from './lib/command-line.ts';
import { percentile, round } from './lib/stats.ts';

type Tree = {
  hippocampus: typeof import('../src/memory/hippocampus.ts');
  useLite: typeof import('../src/providers/use-lite/index.ts');
};
type Engine = Awaited<ReturnType<Tree['hippocampus']['createHippocampus']>>;

const { option, flag } = commandLine();
const agentId = option('agent', 'scale-100000');
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { loadLocomoDirectory } = await import('../src/evaluation/locomo-dataset.ts');
const questions = [...new Set(loadLocomoDirectory(option('data', '../shared/data/locomo')).flatMap((conversation) => conversation.questions.map((question) => question.question)))];
const asked = questions.slice(20, 220);

async function treeAt(root: string): Promise<Tree> {
  return {
    hippocampus: (await import(path.join(root, 'src/memory/hippocampus.ts'))) as Tree['hippocampus'],
    useLite: (await import(path.join(root, 'src/providers/use-lite/index.ts'))) as Tree['useLite'],
  };
}

interface Call {
  name: string;
  at: number;
  sync: number;
}

/** Wraps `method` of `target` to record each call: when it began and how long its synchronous part ran. */
function timeCalls(target: object, method: string, name: (args: unknown[]) => string, calls: { current: Call[] }): void {
  const holder = target as Record<string, (...args: unknown[]) => unknown>;
  const original = holder[method]!.bind(target);
  holder[method] = (...args: unknown[]) => {
    const at = performance.now();
    const result = original(...args);
    calls.current.push({ name: name(args), at, sync: performance.now() - at });
    return result;
  };
}

const STAGES = ['keyword', 'embedding', 'vector search', 'ranking rows', 'within ids', 'records', 'scoring, rest'] as const;

async function stages(): Promise<void> {
  const tree = await treeAt(path.resolve(option('src', here)));
  const embedder = tree.useLite.createUseLiteEmbedder();
  const memory = await tree.hippocampus.createHippocampus({ home: option('home', ''), agentId, embedder });
  await memory.backend.vectors.maintain({ agentId });
  await memory.backend.keywords.maintain({ agentId });
  const calls = { current: [] as Call[] };
  timeCalls(memory.backend.keywords, 'search', () => 'keyword', calls);
  timeCalls(memory.backend.vectors, 'search', (args) => ((args[2] as { withinIds?: string[] }).withinIds ? 'within ids' : 'vector search'), calls);
  timeCalls(memory.backend.store, 'rankingRows', () => 'ranking rows', calls);
  timeCalls(memory.backend.store, 'getMany', () => 'records', calls);
  timeCalls(embedder, 'doEmbed', (args) => `embed ${(args[0] as { values: string[] }).values.length}`, calls);
  const collections: { at: number; ms: number }[] = [];
  const { PerformanceObserver } = await import('node:perf_hooks');
  new PerformanceObserver((list) => collections.push(...list.getEntries().map((entry) => ({ at: entry.startTime, ms: entry.duration })))).observe({ entryTypes: ['gc'] });
  const warm = questions.slice(0, 20);
  for (const question of warm) await memory.recallRelevant(question, { recordAccess: false });
  for (let index = 0; index < 200; index += 1) await memory.recallRelevant(warm[index % warm.length]!, { recordAccess: false });
  const recalls: { total: number; cpu: number; gc: number; speakerFree: boolean; stages: Record<string, number> }[] = [];
  for (const question of asked) {
    calls.current = [];
    const cpu = process.cpuUsage();
    const began = performance.now();
    await memory.recallRelevant(question, { recordAccess: false });
    const total = performance.now() - began;
    const used = process.cpuUsage(cpu);
    await new Promise((resolve) => setImmediate(resolve));
    const spent: Record<string, number> = Object.fromEntries(STAGES.map((stage) => [stage, 0]));
    for (const call of calls.current) if (call.name in spent) spent[call.name]! += call.sync;
    // onnxruntime-node runs the model synchronously on this thread (in a setImmediate): the embedding is the
    // time from the end of the keyword search to the start of the vector search.
    const keyword = calls.current.find((call) => call.name === 'keyword');
    const vector = calls.current.find((call) => call.name === 'vector search');
    if (keyword !== undefined && vector !== undefined) spent.embedding = vector.at - keyword.at - keyword.sync;
    spent['scoring, rest'] = total - STAGES.reduce((sum, stage) => sum + spent[stage]!, 0);
    const embeds = calls.current.filter((call) => call.name.startsWith('embed'));
    const gc = collections.filter((entry) => entry.at >= began && entry.at < began + total).reduce((sum, entry) => sum + entry.ms, 0);
    recalls.push({ total, cpu: (used.user + used.system) / 1000, gc, speakerFree: embeds.length > 1 || embeds.some((call) => call.name === 'embed 2'), stages: spent });
  }
  await memory.stop();
  const totals = recalls.map((recall) => recall.total);
  console.log(`uncached at ${agentId}: p50 ${round(percentile(totals, 50), 2)} ms, p95 ${round(percentile(totals, 95), 2)} ms, CPU ${round(recalls.reduce((sum, recall) => sum + recall.cpu, 0) / recalls.length, 2)} ms a recall (process), load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`| recalls by total | n | wall ms | CPU ms | ${STAGES.join(' | ')} | GC (in the above) | speaker-free | with a GC |`);
  const sorted = [...recalls].sort((left, right) => left.total - right.total);
  const groups: [string, number, number][] = [['fastest 50%', 0, 0.5], ['50-90%', 0.5, 0.9], ['slowest 10%', 0.9, 1], ['slowest 5%', 0.95, 1]];
  for (const [label, from, to] of groups) {
    const group = sorted.slice(Math.round(from * sorted.length), Math.round(to * sorted.length));
    const mean = (value: (recall: (typeof recalls)[number]) => number) => (group.reduce((sum, recall) => sum + value(recall), 0) / group.length).toFixed(2);
    console.log(`| ${label} | ${group.length} | ${mean((recall) => recall.total)} | ${mean((recall) => recall.cpu)} | ${STAGES.map((stage) => mean((recall) => recall.stages[stage]!)).join(' | ')} | ${mean((recall) => recall.gc)} | ${group.filter((recall) => recall.speakerFree).length} | ${group.filter((recall) => recall.gc > 0).length} |`);
  }
}

/** An embedder that hands back vectors embedded beforehand (--pre-embedded), so both sides get the same ones without the model's CPU. */
function knownVectors(real: Embedder, known: Map<string, Float32Array>): Embedder {
  return {
    provider: real.provider,
    modelId: real.modelId,
    dimensions: real.dimensions,
    maxBatchSize: real.maxBatchSize,
    doEmbed: async ({ values }) => ({
      embeddings: values.map((value) => {
        const vector = known.get(value);
        if (vector === undefined) throw new Error(`not embedded beforehand: ${value}`);
        return vector;
      }),
    }),
  };
}

async function pairs(): Promise<void> {
  const sides = { baseline: await treeAt(path.resolve(option('baseline', ''))), branch: await treeAt(here) };
  const homes = { baseline: option('baseline-home', ''), branch: option('home', '') };
  const clock = { now: () => 1_795_700_000_000 };
  const engineOptions = { agentId, recall: { queryCache: { maxEntries: 0 } }, clock };
  let known: Map<string, Float32Array> | null = null;
  if (flag('pre-embedded')) {
    const real = sides.branch.useLite.createUseLiteEmbedder();
    const vectors = new Map<string, Float32Array>();
    const recording: Embedder = { ...real, doEmbed: async (input) => {
      const embedded = await real.doEmbed(input);
      input.values.forEach((value, index) => vectors.set(value, embedded.embeddings[index]!));
      return embedded;
    } };
    const recorder = await sides.branch.hippocampus.createHippocampus({ ...engineOptions, home: homes.branch, embedder: recording });
    for (const question of questions.slice(0, 220)) await recorder.recallRelevant(question, { recordAccess: false });
    await recorder.stop();
    known = vectors;
  }
  const engines = {} as Record<keyof typeof sides, Engine>;
  for (const side of ['baseline', 'branch'] as const) {
    const real = sides[side].useLite.createUseLiteEmbedder();
    const engine = await sides[side].hippocampus.createHippocampus({ ...engineOptions, home: homes[side], embedder: known === null ? real : knownVectors(real, known) });
    await engine.backend.vectors.maintain({ agentId });
    await engine.backend.keywords.maintain({ agentId });
    for (const question of questions.slice(0, 20)) await engine.recallRelevant(question, { recordAccess: false });
    engines[side] = engine;
  }
  const rounds = Number(option('rounds', '4'));
  const block = 25;
  const measured = { baseline: { wall: [] as number[], cpu: 0, results: new Map<string, string>() }, branch: { wall: [] as number[], cpu: 0, results: new Map<string, string>() } };
  const loads: number[] = [];
  const shape = (results: RecallResult[]) => JSON.stringify(results.map((result) => [result.memory.id, result.score, result.explain]));
  for (let roundIndex = 0; roundIndex < rounds; roundIndex += 1) {
    for (let start = 0; start < asked.length; start += block) {
      loads.push(os.loadavg()[0]!);
      const order = (start / block + roundIndex) % 2 === 0 ? (['baseline', 'branch'] as const) : (['branch', 'baseline'] as const);
      for (const side of order) {
        const cpu = process.cpuUsage();
        for (const question of asked.slice(start, start + block)) {
          const began = performance.now();
          const results = await engines[side].recallRelevant(question, { recordAccess: false });
          measured[side].wall.push(performance.now() - began);
          if (roundIndex === 0) measured[side].results.set(question, shape(results));
        }
        const used = process.cpuUsage(cpu);
        measured[side].cpu += (used.user + used.system) / 1000;
      }
    }
  }
  for (const side of ['baseline', 'branch'] as const) {
    const { wall, cpu } = measured[side];
    console.log(`${side}: p50 ${round(percentile(wall, 50), 2)} ms, p95 ${round(percentile(wall, 95), 2)} ms, CPU ${round(cpu / wall.length, 2)} ms a recall (${wall.length} recalls)`);
  }
  const differing = asked.filter((question) => measured.baseline.results.get(question) !== measured.branch.results.get(question)).length;
  console.log(`results differing: ${differing} of ${asked.length}; load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
  for (const engine of Object.values(engines)) await engine.stop();
}

await (option('baseline', '') === '' ? stages() : pairs());
