// What one long memory costs each text path: a memory (or message) of "My password is " + a run of N characters in
// one of several shapes — one run without a space (letters, "ab-ab-…", "a.a.…", digits, capitals …) and runs of short
// words — timed through remember, recallRelevant, the live watcher's offline analyzer, rememberFacts, the knowledge
// graph's linking and forgetting by description (dry run). Each path is timed once per shape, in a fresh agent, with the
// hash embedder (no model: the text paths are what is measured). Times in ms; compare shapes and paths of one run.
//   npx tsx bench/long-text.bench.ts [--length 60000] [--shapes letters,hyphens,…]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bandsFor, createOfflineFactExtractor, createRuleFactClassifier } from '../src/facts/index.ts';
import { createHippocampus, forgetByDescription, rememberFacts } from '../src/index.ts';
import { openAgentLayers } from '../src/layers/agent-layers.ts';
import { createOfflineAnalyzer } from '../src/live/index.ts';
import { createHashEmbedder } from '../src/testing/hash-embedder.ts';

const argument = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? process.argv[process.argv.indexOf(`--${name}`) + 1];
const length = Number(process.argv.includes('--length') || process.argv.some((value) => value.startsWith('--length=')) ? argument('length') : 60_000);
const SHAPES: Record<string, (n: number) => string> = {
  letters: (n) => 'q'.repeat(n),
  hyphens: (n) => 'ab-'.repeat(n / 3),
  dots: (n) => 'a.'.repeat(n / 2),
  digits: (n) => '1'.repeat(n),
  apostrophes: (n) => "a'".repeat(n / 2),
  commas: (n) => 'a,'.repeat(n / 2),
  capitals: (n) => 'Q'.repeat(n),
  'capitalised words': (n) => 'Aa '.repeat(n / 3),
  sentences: (n) => 'I went. '.repeat(n / 8),
  'shouted words': (n) => 'NEVER '.repeat(n / 6),
  numbers: (n) => '12 '.repeat(n / 3),
};
const chosen = process.argv.includes('--shapes') || process.argv.some((value) => value.startsWith('--shapes=')) ? argument('shapes')!.split(',') : Object.keys(SHAPES);

console.log(`length ${length}: ms per path`);
console.log(['shape', 'remember', 'recall', 'analyze', 'facts', 'link', 'forget'].join('\t'));
for (const shape of chosen) {
  const make = SHAPES[shape];
  if (make === undefined) throw new Error(`unknown shape ${shape}: ${Object.keys(SHAPES).join(', ')}`);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-long-text-'));
  const memory = await createHippocampus({ home, agentId: 'long', embedder: createHashEmbedder() });
  const layers = await openAgentLayers(memory);
  const content = `My password is ${make(length)}`;
  const times: number[] = [];
  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    times.push(Math.round(performance.now() - started));
  };
  try {
    await time(() => memory.rememberMany([{ type: 'chat', content }], { longTerm: true }));
    await time(() => memory.recallRelevant('my password', { limit: 5 }));
    await time(() => createOfflineAnalyzer().analyze([{ id: 'long:1', role: 'user', content, timestamp: 1 }]));
    await time(() => rememberFacts({ memory, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(memory.embedder) }, content));
    await time(() => layers.graph!.linkMemories());
    await time(() => forgetByDescription(memory, 'my password', { dryRun: true }));
    console.log([shape, ...times].join('\t'));
  } finally {
    await layers.close();
    await memory.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
