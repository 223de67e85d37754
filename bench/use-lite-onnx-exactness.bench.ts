// npx tsx bench/use-lite-onnx-exactness.bench.ts [-- --data ../shared/data/locomo --turns 600]
// Do the onnx and wasm runtimes of USE-lite give the same vectors on real
// text? Embeds LoCoMo dialogue turns (spread evenly over every conversation)
// plus awkward cases (empty, whitespace, unicode, texts past the 128-token
// clip) on both runtimes, in batches of 32 in data order, and once more on
// onnx one text at a time (no padding at all). Reports token-id agreement of
// the two tokenizers and the cosine of every onnx vector to its wasm vector;
// exits 1 if any cosine is below 0.99999. The data is read where it lies,
// never copied into the project.
import { parseArgs } from 'node:util';
import { loadLocomoDirectory } from '../src/evaluation/locomo-dataset.ts';
import { loadUseLiteOnnxModel } from '../src/providers/use-lite/onnx/use-lite-onnx-model.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/use-lite-embedder.ts';
import { loadUseLiteModel } from '../src/providers/use-lite/use-lite-wasm-model.ts';
import type { Embedder } from '../src/spec/embedder.ts';
import { cosineSimilarity as cosine } from '../src/working/similarity.ts';

const THRESHOLD = 0.99999;
const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/data/locomo' },
    turns: { type: 'string', default: '600' },
  },
});

const allTurns = loadLocomoDirectory(args.data).flatMap((conversation) => conversation.turns.map((turn) => turn.content));
const wanted = Math.min(allTurns.length, Number(args.turns));
const turns = Array.from({ length: wanted }, (_, index) => allTurns[Math.floor((index * allTurns.length) / wanted)]!);
const longest = [...allTurns].sort((left, right) => right.length - left.length).slice(0, 8);
const edgeCases = [
  '',
  ' ',
  '\t\n  ',
  longest.slice(0, 4).join(' '), // well past 128 tokens
  allTurns.slice(0, 40).join('\n'),
  'x'.repeat(5000),
  'Café, naïve, Łódź, İstanbul, Ærøskøbing — déjà vu',
  '東京で寿司を食べました。明日は京都へ行きます。',
  'Привет! Как прошла поездка в горы?',
  'مرحبا، كيف حالك اليوم؟',
  'Great news 🎉🎉 the puppy 🐶 finally slept 😴 through the night 👍🏽',
  'ﬁnancial ﬂows in ＦＵＬＬＷＩＤＴＨ',
  ...longest,
];
const texts = [...turns, ...edgeCases];
console.log(`${turns.length} LoCoMo turns (of ${allTurns.length}) + ${edgeCases.length} edge cases = ${texts.length} texts`);

const [onnxModel, wasmModel] = await Promise.all([loadUseLiteOnnxModel({ threads: 1 }), loadUseLiteModel()]);
const tokenMismatches = texts.filter((text) => onnxModel.tokenizer.encode(text).join(',') !== wasmModel.tokenizer.encode(text).join(','));
console.log(`token ids: ${texts.length - tokenMismatches.length}/${texts.length} identical`);

const started = performance.now();
const wasm = await embedAll(createUseLiteEmbedder({ runtime: 'wasm' }), texts);
const wasmSeconds = (performance.now() - started) / 1000;
const onnxStarted = performance.now();
const onnx = await embedAll(createUseLiteEmbedder({ runtime: 'onnx' }), texts);
const onnxSeconds = (performance.now() - onnxStarted) / 1000;
const onnxAlone = await embedAll(createUseLiteEmbedder({ runtime: 'onnx', maxBatchSize: 1 }), texts);
console.log(`embedded in ${wasmSeconds.toFixed(1)} s on wasm, ${onnxSeconds.toFixed(1)} s on onnx`);

console.log('\ncomparison                       min cosine   1 - min cosine   1 - mean cosine   max |difference|   below 0.99999');
const failures = [report('onnx batched vs wasm batched', onnx, wasm), report('onnx alone vs wasm batched', onnxAlone, wasm)];
const edge = report('edge cases only (batched)', onnx.slice(turns.length), wasm.slice(turns.length));
if (tokenMismatches.length > 0 || failures.some((count) => count > 0) || edge > 0) {
  console.log(`\nFAILED: ${tokenMismatches.length} token mismatches; first: ${JSON.stringify(tokenMismatches[0]?.slice(0, 80))}`);
  process.exitCode = 1;
} else {
  console.log(`\nOK: every vector within cosine ${THRESHOLD} of its tfjs twin`);
}

async function embedAll(embedder: Embedder, values: string[]): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < values.length; start += embedder.maxBatchSize) {
    vectors.push(...(await embedder.doEmbed({ values: values.slice(start, start + embedder.maxBatchSize) })).embeddings);
  }
  return vectors;
}

/** Prints one comparison row and returns how many vectors fell below the threshold. */
function report(name: string, left: Float32Array[], right: Float32Array[]): number {
  const cosines = left.map((vector, row) => cosine(vector, right[row]!));
  let largest = 0;
  left.forEach((vector, row) => vector.forEach((value, column) => (largest = Math.max(largest, Math.abs(value - right[row]![column]!)))));
  const below = cosines.filter((value) => !(value >= THRESHOLD)).length;
  const mean = cosines.reduce((sum, value) => sum + value, 0) / cosines.length;
  const lowest = Math.min(...cosines);
  console.log(
    `${name.padEnd(30)} ${lowest.toFixed(10).padStart(13)}   ${(1 - lowest).toExponential(2).padStart(14)}   ${(1 - mean).toExponential(2).padStart(15)}   ${largest.toExponential(2).padStart(16)}   ${String(below).padStart(13)}`,
  );
  return below;
}
