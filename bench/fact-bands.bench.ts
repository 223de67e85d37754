// Calibrates the similarity bands of remember_facts and the forget_memory
// threshold for an embedder, on the 134 hand-labelled fact pairs of
// src/testing/fixtures/fact-pairs.ts. Never run by the test command.
//
//   npx tsx bench/fact-bands.bench.ts            (USE-lite, the default embedder)
//
// Facts are embedded exactly as remember_facts embeds them ("<fact>\n(observation)").
// For each band it prints precision and recall:
// - duplicate band (sim ≥ d): precision = share of pairs in it labelled DUPLICATE
//   (after the free rule veto that turns a detected value change into SUPERSEDES),
//   recall = share of all DUPLICATE pairs that land in it;
// - ambiguous band (a ≤ sim < d): what the classifier sees; precision = share of
//   pairs that are not DISTINCT, recall = share of all non-DISTINCT pairs reaching ≥ a;
// - new band (sim < a): precision = share labelled DISTINCT, recall = share of DISTINCT pairs in it;
// and the end-to-end accuracy with the offline rule classifier in the ambiguous band.
import { buildSearchableContent } from '../src/core/searchable-content.ts';
import { classifyByRules } from '../src/facts/fact-classifier.ts';
import { SIMILARITY_BANDS } from '../src/facts/similarity-bands.ts';
import { holdsEveryWord } from '../src/forget/forget-by-description.ts';
import { FORGET_THRESHOLDS } from '../src/forget/forget-thresholds.ts';
import { createUseLiteEmbedder } from '../src/providers/use-lite/index.ts';
import { FACT_PAIRS, type FactPair, type FactPairLabel } from '../src/testing/fixtures/fact-pairs.ts';

interface Scored extends FactPair {
  similarity: number;
  rules: FactPairLabel;
}

const cosine = (left: Float32Array, right: Float32Array) => left.reduce((sum, value, index) => sum + value * right[index]!, 0);
const percent = (value: number) => (Number.isNaN(value) ? '   -  ' : `${(value * 100).toFixed(1).padStart(5)}%`);
const ratio = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);

function decide(pair: Scored, duplicate: number, ambiguous: number): FactPairLabel {
  if (pair.similarity >= duplicate) return pair.rules === 'SUPERSEDES' ? 'SUPERSEDES' : 'DUPLICATE';
  if (pair.similarity >= ambiguous) return pair.rules;
  return 'DISTINCT';
}

function evaluate(pairs: Scored[], duplicate: number, ambiguous: number) {
  const inDuplicate = pairs.filter((pair) => pair.similarity >= duplicate);
  const inAmbiguous = pairs.filter((pair) => pair.similarity >= ambiguous && pair.similarity < duplicate);
  const inNew = pairs.filter((pair) => pair.similarity < ambiguous);
  const count = (list: Scored[], test: (pair: Scored) => boolean) => list.filter(test).length;
  const isDuplicate = (pair: Scored) => pair.label === 'DUPLICATE';
  const related = (pair: Scored) => pair.label !== 'DISTINCT';
  return {
    duplicate: { n: inDuplicate.length, precision: ratio(count(inDuplicate, (pair) => decide(pair, duplicate, ambiguous) === pair.label), inDuplicate.length), recall: ratio(count(inDuplicate, isDuplicate), count(pairs, isDuplicate)) },
    ambiguous: { n: inAmbiguous.length, precision: ratio(count(inAmbiguous, related), inAmbiguous.length), recall: ratio(count([...inDuplicate, ...inAmbiguous], related), count(pairs, related)) },
    fresh: { n: inNew.length, precision: ratio(count(inNew, (pair) => !related(pair)), inNew.length), recall: ratio(count(inNew, (pair) => !related(pair)), count(pairs, (pair) => !related(pair))) },
    accuracy: ratio(count(pairs, (pair) => decide(pair, duplicate, ambiguous) === pair.label), pairs.length),
  };
}

function row(label: string, result: ReturnType<typeof evaluate>): string {
  const band = (part: { n: number; precision: number; recall: number }) => `${String(part.n).padStart(3)}  P ${percent(part.precision)} R ${percent(part.recall)}`;
  return `${label.padEnd(14)} | dup ${band(result.duplicate)} | amb ${band(result.ambiguous)} | new ${band(result.fresh)} | accuracy ${percent(result.accuracy)}`;
}

const embedder = createUseLiteEmbedder();
const asStored = (fact: string) => buildSearchableContent({ content: fact, type: 'observation', domain: null, tags: [] });
const started = performance.now();
const texts = FACT_PAIRS.flatMap((pair) => [asStored(pair.a), asStored(pair.b)]);
const { embeddings } = await embedder.doEmbed({ values: texts });
const { embeddings: raw } = await embedder.doEmbed({ values: FACT_PAIRS.map((pair) => pair.a) });
const scored: Scored[] = FACT_PAIRS.map((pair, index) => ({ ...pair, similarity: cosine(embeddings[2 * index]!, embeddings[2 * index + 1]!), rules: classifyByRules(pair.a, pair.b) }));
console.log(`${embedder.modelId}: ${FACT_PAIRS.length} pairs embedded in ${Math.round(performance.now() - started)} ms\n`);

for (const label of ['DUPLICATE', 'SUPERSEDES', 'DISTINCT'] as const) {
  const values = scored.filter((pair) => pair.label === label).map((pair) => pair.similarity).sort((left, right) => left - right);
  const at = (p: number) => values[Math.min(values.length - 1, Math.floor(p * values.length))]!.toFixed(2);
  console.log(`${label.padEnd(10)} n=${String(values.length).padStart(3)}  min ${at(0)}  p25 ${at(0.25)}  median ${at(0.5)}  p75 ${at(0.75)}  max ${values.at(-1)!.toFixed(2)}`);
}

console.log('\nSweep (duplicate / ambiguous), rule classifier in the ambiguous band:');
const candidates: { duplicate: number; ambiguous: number; result: ReturnType<typeof evaluate> }[] = [];
for (let duplicate = 0.8; duplicate <= 0.991; duplicate += 0.01) {
  for (let ambiguous = 0.3; ambiguous < duplicate; ambiguous += 0.05) candidates.push({ duplicate, ambiguous, result: evaluate(scored, duplicate, ambiguous) });
}
// Merging two different facts loses one; re-asking the classifier only costs a call. So
// the duplicate band must be ≥ 95% precise, and within that the best end-to-end accuracy wins.
const safe = candidates.filter((candidate) => candidate.result.duplicate.precision >= 0.95 || candidate.result.duplicate.n === 0);
safe.sort((left, right) => right.result.accuracy - left.result.accuracy || right.result.ambiguous.recall - left.result.ambiguous.recall || left.ambiguous - right.ambiguous);
for (const candidate of safe.slice(0, 8)) console.log(row(`${candidate.duplicate.toFixed(2)} / ${candidate.ambiguous.toFixed(2)}`, candidate.result));
const configured = SIMILARITY_BANDS[embedder.modelId];
if (configured) console.log(`\nconfigured     ${row(`${configured.duplicate} / ${configured.ambiguous}`, evaluate(scored, configured.duplicate, configured.ambiguous)).slice(15)}`);
console.log(`seed's bands   ${row('0.93 / 0.78', evaluate(scored, 0.93, 0.78)).slice(15)}`);

// forget_memory embeds the description as written and compares it with stored
// memories: paraphrases (DUPLICATE pairs) must match, DISTINCT pairs must not.
console.log('\nforget_memory threshold (description as typed vs stored memory):');
const forgetPairs = FACT_PAIRS.map((pair, index) => ({ ...pair, similarity: cosine(raw[index]!, embeddings[2 * index + 1]!) }));
const distinctMax = Math.max(...forgetPairs.filter((pair) => pair.label === 'DISTINCT').map((pair) => pair.similarity));
for (const threshold of [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, Number((distinctMax + 0.005).toFixed(3))]) {
  const matched = forgetPairs.filter((pair) => pair.similarity >= threshold);
  const paraphrases = forgetPairs.filter((pair) => pair.label === 'DUPLICATE');
  console.log(
    `  ≥ ${threshold.toFixed(3)}: deletes ${String(matched.filter((pair) => pair.label === 'DISTINCT').length).padStart(2)} distinct pairs, matches ${percent(ratio(matched.filter((pair) => pair.label === 'DUPLICATE').length, paraphrases.length))} of paraphrases`,
  );
}
console.log(`  highest DISTINCT similarity: ${distinctMax.toFixed(3)}`);
for (const threshold of [0.5, 0.55, 0.6, 0.65, 0.7]) {
  const matched = forgetPairs.filter((pair) => pair.similarity >= threshold && holdsEveryWord(pair.b, pair.a));
  console.log(`  ≥ ${threshold.toFixed(2)} and every word of the description: deletes ${matched.filter((pair) => pair.label === 'DISTINCT').length} distinct pairs`);
}
console.log(`  configured: ${JSON.stringify(FORGET_THRESHOLDS[embedder.modelId] ?? '(fallback)')}`);
