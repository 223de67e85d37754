// How long a 20,000-character remember_facts (the tools' input limit, MAX_TEXT_CHARS) holds the thread in one stretch:
// the longest gap between turns of the event loop (a 5 ms interval's lateness) while rememberFacts runs, with the
// offline extractor reading the text in pieces (extractFactsOfflineInTurns, the default) against the same extractor
// reading it in one synchronous call (extractFactsOffline, the baseline), alternating, in one run, each in a fresh agent
// with USE-lite. Also the whole call's time. Report the ratio of the two medians.
//   npx tsx bench/remember-facts-stall.bench.ts [--rounds 5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bandsFor, createRuleFactClassifier, type FactExtractor } from '../src/facts/index.ts';
import { createOfflineFactExtractor } from '../src/facts/offline-fact-extractor.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { extractFactsOffline } from '../src/nlp/fact-extraction.ts';
import { rememberFacts } from '../src/facts/remember-facts.ts';
import { MAX_TEXT_CHARS } from '../src/tools/tool-inputs.ts';
import { firstPersonText } from '../src/testing/first-person-text.ts';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 5;
const text = firstPersonText(MAX_TEXT_CHARS);

const inOneCall: FactExtractor = { kind: 'offline', async extract(said) { return extractFactsOffline(said).map((found) => ({ fact: found.fact, intensity: found.intensity })); } };

async function run(extractor: FactExtractor): Promise<{ stall: number; total: number }> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippo-stall-'));
  const memory = await createHippocampus({ home, agentId: 'stall' });
  let stall = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  await rememberFacts({ memory, extractor, classifier: createRuleFactClassifier(), bands: bandsFor(memory.embedder) }, text);
  const total = performance.now() - started;
  clearInterval(timer);
  await memory.stop();
  fs.rmSync(home, { recursive: true, force: true });
  return { stall, total };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const results = { pieces: [] as { stall: number; total: number }[], oneCall: [] as { stall: number; total: number }[] };
await run(createOfflineFactExtractor()); // warm: the NLP models and USE-lite load once
for (let round = 0; round < rounds; round++) {
  // Each round swaps which goes first, so that an order effect (a fresh agent after another's stop) falls on both.
  if (round % 2 === 0) {
    results.pieces.push(await run(createOfflineFactExtractor()));
    results.oneCall.push(await run(inOneCall));
  } else {
    results.oneCall.push(await run(inOneCall));
    results.pieces.push(await run(createOfflineFactExtractor()));
  }
}
const line = (name: string, runs: { stall: number; total: number }[]) => `${name}: longest stall median ${median(runs.map((r) => r.stall)).toFixed(0)} ms (${runs.map((r) => r.stall.toFixed(0)).join(', ')}), whole call median ${median(runs.map((r) => r.total)).toFixed(0)} ms`;
console.log(`${text.length} characters, ${rounds} rounds alternating`);
console.log(line('in pieces (default)', results.pieces));
console.log(line('one call (baseline)', results.oneCall));
console.log(`ratio, longest stall: ${(median(results.pieces.map((r) => r.stall)) / median(results.oneCall.map((r) => r.stall))).toFixed(2)}; whole call: ${(median(results.pieces.map((r) => r.total)) / median(results.oneCall.map((r) => r.total))).toFixed(2)}`);
