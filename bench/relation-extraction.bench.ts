// Precision and recall of the offline graph extractor's relations on the hand-checked
// sentences of src/testing/relation-sentences.ts (110 texts the rules were fitted to, and 40 held out;
// general English, none from LoCoMo).
//
// npx tsx bench/relation-extraction.bench.ts [--mistakes]
import { createOfflineGraphExtractor } from '../src/graph/offline-extractor.ts';
import { HELD_OUT_RELATION_SENTENCES, RELATION_SENTENCES } from '../src/testing/relation-sentences.ts';
import { scoreRelationExtraction } from '../src/testing/relation-scoring.ts';

for (const [name, sentences] of [['fitted set', RELATION_SENTENCES], ['held-out set', HELD_OUT_RELATION_SENTENCES]] as const) {
  const score = await scoreRelationExtraction(createOfflineGraphExtractor(), sentences);
  const started = performance.now();
  await scoreRelationExtraction(createOfflineGraphExtractor(), sentences);
  const msPerSentence = (performance.now() - started) / score.sentences;
  console.log(`${name}: sentences ${score.sentences}, expected ${score.expected}, extracted ${score.extracted}, correct ${score.correct}`);
  console.log(`   precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, start dates right ${score.datesRight}/${score.datesExpected}, ${msPerSentence.toFixed(2)} ms a sentence`);
  if (process.argv.includes('--mistakes')) for (const mistake of score.mistakes) console.log(`${mistake.text}\n   wrong: ${mistake.wrong.join('; ') || '-'}\n   missed: ${mistake.missed.join('; ') || '-'}`);
}
