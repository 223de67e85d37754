// Round 9 of issue #11 item 4: would WordNet 3.0 say "in other words" what forgetting by description misses?
// Over the labelled set (scenarios 1–144 by default, all stored in one agent as in the bench), for each relation:
// of the requests the immediate path misses, how many have a content word the memory meant lacks that the relation
// joins to a word of that memory — for some of those words, for all of them, and for all with no other memory the
// rules judged joined too — and on how many requests (deleted right, missed, about nothing stored) it joins a
// lacking word to another memory judged. A join is no deletion: the rules still decide; what the matcher did with
// the joins is in docs/memory-model.md ("Round 9"). Reads /usr/share/wordnet (Debian's wordnet-base).
//   npx tsx bench/forget-wordnet-links.ts [--senses=first] [--part=fresh9] [--list]
// --senses=first keeps each word's most frequent sense in the part of speech it is most often tagged with, on both
// sides; the default is every sense.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { heldWords, wordForms } from '../src/forget/description-words.ts';
import { forgetByDescription, ruleVerdict } from '../src/forget/forget-by-description.ts';
import { FORGET_NOTHING_STORED, FORGET_SCENARIOS } from '../src/forget/fixtures/forget-cases.ts';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { readWordNet, type PartOfSpeech, type Synset } from './lib/wordnet.ts';

const firstSenses = process.argv.includes('--senses=first');
const part = process.argv.find((argument) => argument.startsWith('--part='))?.slice('--part='.length) ?? '1-144';
const [scenarios, nothingStored] = part === 'fresh9' ? [FORGET_SCENARIOS.slice(144, 156), FORGET_NOTHING_STORED.slice(74, 80)] : [FORGET_SCENARIOS.slice(0, 144), FORGET_NOTHING_STORED.slice(0, 74)];
const wordNet = readWordNet();
const PARTS: PartOfSpeech[] = ['n', 'v', 'a', 'r'];

const plain = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A written word's senses (every part of speech, or only its first sense in its dominant part of speech). */
function sensesOf(written: string): { lemma: string; synset: Synset }[] {
  return PARTS.flatMap((partOfSpeech) =>
    wordNet.lemmas(plain(written), partOfSpeech).flatMap((lemma) => {
      if (firstSenses && wordNet.dominant(lemma) !== partOfSpeech) return [];
      const senses = wordNet.senses(lemma, partOfSpeech);
      return (firstSenses ? senses.slice(0, 1) : senses).map((synset) => ({ lemma, synset }));
    }),
  );
}
/** The words of the synsets reached, each kept under --senses=first only where that synset is its first sense in its dominant part of speech. */
function wordsOf(synsets: Synset[]): string[] {
  return synsets.flatMap((synset) => synset.words.filter((word) => !firstSenses || (wordNet.firstSenseOf(word, synset) && wordNet.dominant(word) === synset.partOfSpeech)));
}
const follow = (synset: Synset, symbols: string[]) => synset.pointers.filter((pointer) => symbols.includes(pointer.symbol)).map((pointer) => wordNet.synsets.get(pointer.target)!);
const steps = (synset: Synset, symbols: string[], count: number) => {
  let frontier = [synset];
  const reached: Synset[] = [];
  for (let step = 0; step < count; step += 1) reached.push(...(frontier = frontier.flatMap((next) => follow(next, symbols))));
  return reached;
};
const RELATIONS: Record<string, (synset: Synset) => Synset[]> = {
  'same synset': (synset) => [synset],
  'derivationally related (+)': (synset) => follow(synset, ['+']),
  'pertainym (\\)': (synset) => follow(synset, ['\\']),
  'similar to (&)': (synset) => follow(synset, ['&']),
  'attribute (=)': (synset) => follow(synset, ['=']),
  'hypernym, 1 step (description narrower)': (synset) => steps(synset, ['@', '@i'], 1),
  'hypernym, 1–2 steps': (synset) => steps(synset, ['@', '@i'], 2),
  'hyponym, 1 step (description wider)': (synset) => steps(synset, ['~', '~i'], 1),
  'hyponym, 1–2 steps': (synset) => steps(synset, ['~', '~i'], 2),
};
const reachCache = new Map<string, Set<string>>();
function reach(relation: string, written: string): Set<string> {
  const key = `${relation}|${written}`;
  if (!reachCache.has(key)) reachCache.set(key, new Set(sensesOf(written).flatMap(({ lemma, synset }) => wordsOf(RELATIONS[relation]!(synset)).filter((word) => word !== lemma && !word.includes('_')))));
  return reachCache.get(key)!;
}
const lemmaCache = new Map<string, Set<string>>();
function memoryLemmas(content: string): Set<string> {
  if (!lemmaCache.has(content)) lemmaCache.set(content, new Set(wordForms(content).flat().flatMap((form) => PARTS.flatMap((partOfSpeech) => wordNet.lemmas(plain(form), partOfSpeech)))));
  return lemmaCache.get(content)!;
}
/** The description's words (of `terms`) the relation joins to a word of the memory. */
function joined(relation: string, terms: string[][], content: string): string[] {
  const words = memoryLemmas(content);
  return terms.filter((forms) => forms.some((form) => [...reach(relation, form)].some((word) => words.has(word)))).map((forms) => forms[0]!);
}

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-forget-wordnet-'));
const memory = await createHippocampus({ home, agentId: 'forget' });
await memory.rememberMany(scenarios.flatMap((scenario) => [scenario.target, ...scenario.nearMisses]).map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
const tally = Object.fromEntries(Object.keys(RELATIONS).map((relation) => [relation, { some: new Set<string>(), all: new Set<string>(), alone: new Set<string>(), elsewhere: { right: 0, missed: 0, nothingStored: 0 }, list: [] as string[] }]));
let missed = 0;
async function measure(description: string, target: string | undefined): Promise<void> {
  const deleted = (await forgetByDescription(memory, description, { dryRun: true })).deleted.map((entry) => entry.content);
  const right = target !== undefined && deleted.length === 1 && deleted[0] === target;
  if (target !== undefined && !right) missed += 1;
  const verdict = await ruleVerdict(memory, description);
  const lacking = (content: string) => verdict.read.terms.filter((term) => heldWords(wordForms(content), [term]).length === 0);
  for (const [relation, counts] of Object.entries(tally)) {
    const others = verdict.field.filter((entry) => entry.content !== target && joined(relation, lacking(entry.content), entry.content).length > 0);
    if (others.length > 0) counts.elsewhere[target === undefined ? 'nothingStored' : right ? 'right' : 'missed'] += 1;
    if (target === undefined || right || !verdict.field.some((entry) => entry.content === target)) continue;
    const unheld = lacking(target);
    const words = joined(relation, unheld, target);
    if (words.length === 0) continue;
    counts.some.add(description);
    if (words.length === unheld.length) counts.all.add(description);
    if (words.length === unheld.length && others.length === 0) counts.alone.add(description);
    counts.list.push(`"${description}": ${words.join(', ')} (${words.length} of ${unheld.length} lacking)${others.length > 0 ? `; also joins ${others.map((entry) => `"${entry.content.slice(0, 40)}"`).join(', ')}` : ''}`);
  }
}
for (const scenario of scenarios) for (const description of scenario.descriptions) await measure(description, scenario.target);
for (const description of nothingStored) await measure(description, undefined);
await memory.stop();
fs.rmSync(home, { recursive: true, force: true });

const union = (key: 'some' | 'all' | 'alone') => new Set(Object.values(tally).flatMap((counts) => [...counts[key]])).size;
console.log(`${part}, ${firstSenses ? 'first sense in the dominant part of speech' : 'every sense'}: ${missed} misses`);
console.log('relation | misses it joins a lacking word for: some / all of them / all, no other memory joined | requests where it joins another memory judged: deleted right / missed / about nothing stored');
for (const [relation, counts] of Object.entries(tally)) console.log(`${relation} | ${counts.some.size} / ${counts.all.size} / ${counts.alone.size} | ${counts.elsewhere.right} / ${counts.elsewhere.missed} / ${counts.elsewhere.nothingStored}`);
console.log(`any of them | ${union('some')} / ${union('all')} / ${union('alone')} |`);
if (process.argv.includes('--list')) for (const [relation, counts] of Object.entries(tally)) for (const line of counts.list) console.log(`  ${relation}: ${line}`);
