// `npx tsx scripts/wordnet-contrasts.ts [--wordnet /usr/share/wordnet] [--max-kind 40]`: derives src/forget/wordnet-contrasts-table.ts,
// the table the forget guard reads (src/forget/contrast-guard.ts), from WordNet 3.0 as Debian's `wordnet-base`
// installs it. Nothing reads /usr/share at run time: the table is committed and ships in dist/.
//
// What it keeps, for common words only:
// - a word: a lemma of one word in lower-case letters (no names, no collocations), of 3 letters or more, that
//   WordNet's sense-tagged corpus has seen (index.<pos>'s tagsense_cnt ≥ 1). That corpus is small: everyday nouns
//   it never tagged ("bike", "chess", "scooter", "ibuprofen") are left out. `--monosemous` adds the untagged nouns of
//   one sense; the table then grows from 292 KB to 711 KB, and it is not what ships;
// - its senses: the tagged ones (they come first in index.<pos>), at most MAX_SENSES for siblings, all for antonyms;
// - of each sense: the synset itself (two words sharing one are synonyms, never contrasted), its direct
//   hypernyms (nouns and verbs: siblings share one) and, for nouns, their hypernyms (cousins: "knee" and
//   "elbow", both joints of a kind); its antonyms (WordNet's "!" pointers, word to word, and for an adjective
//   satellite its head's: "cheap" is a satellite of "inexpensive", whose antonym is "expensive");
// - the irregular forms of *.exc whose base is kept ("won" → "win", "lent" → "lend").
// A hypernym over more than MAX_KIND kept words (a broad category) joins no siblings. A synset id no other word
// shares cannot join two words and is dropped; the rest are numbered densely in base 36.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from '../bench/lib/command-line.ts';
import { readWordNet, type PartOfSpeech, type Synset } from '../bench/lib/wordnet.ts';

const MAX_SENSES = 3;
const { option } = commandLine();
const directory = option('wordnet', '/usr/share/wordnet');
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/forget/wordnet-contrasts-table.ts');
const wordNet = readWordNet(directory);

interface Entry { self: Set<string>; parents: Set<string>; grandparents: Set<string>; antonyms: Set<string> }
const entries = new Map<string, Entry>();
const entryOf = (word: string): Entry => {
  let entry = entries.get(word);
  if (!entry) entries.set(word, (entry = { self: new Set(), parents: new Set(), grandparents: new Set(), antonyms: new Set() }));
  return entry;
};
const hypernyms = (synset: Synset) => synset.pointers.filter((pointer) => pointer.symbol === '@' || pointer.symbol === '@i').map((pointer) => pointer.target);
/** The words a sense's "!" pointers name for `lemma` (word-to-word pointers of its own word, or the whole synset's). */
function antonymsOf(synset: Synset, lemma: string): string[] {
  const at = synset.words.indexOf(lemma) + 1;
  return synset.pointers
    .filter((pointer) => pointer.symbol === '!' && (pointer.sourceWord === 0 || pointer.sourceWord === at))
    .map((pointer) => wordNet.synsets.get(pointer.target)!.words[pointer.targetWord - 1] ?? '')
    .filter((word) => /^[a-z]{3,}$/.test(word));
}
const MONOSEMOUS_NOUNS = process.argv.includes('--monosemous');
const common = (lemma: string, partOfSpeech: PartOfSpeech) =>
  /^[a-z]{3,}$/.test(lemma) && (wordNet.taggedSenses(lemma, partOfSpeech) >= 1 || (MONOSEMOUS_NOUNS && partOfSpeech === 'n' && wordNet.senses(lemma, partOfSpeech).length === 1));

for (const partOfSpeech of ['n', 'v', 'a'] as PartOfSpeech[]) {
  for (const lemma of wordNet.lemmasOf(partOfSpeech)) {
    if (!common(lemma, partOfSpeech)) continue;
    // Senses as WordNet writes the word in lower case: not "Spanish" the language, "Aachen" the city.
    const tagged = wordNet.senses(lemma, partOfSpeech).slice(0, Math.max(1, wordNet.taggedSenses(lemma, partOfSpeech))).filter((synset) => synset.written.includes(lemma));
    const entry = entryOf(lemma);
    // Every tagged sense for antonyms ("fail" meets "pass" in its fourth), the first MAX_SENSES for the rest.
    for (const synset of tagged) for (const word of antonymsOf(synset, lemma)) entry.antonyms.add(word);
    for (const synset of tagged.slice(0, MAX_SENSES)) {
      entry.self.add(synset.key);
      if (partOfSpeech === 'a') {
        // A satellite's antonyms are its head's ("cheap" → "inexpensive" ↔ "expensive").
        for (const head of synset.pointers.filter((pointer) => pointer.symbol === '&').map((pointer) => wordNet.synsets.get(pointer.target)!)) {
          for (const word of head.words) for (const antonym of antonymsOf(head, word)) entry.antonyms.add(antonym);
        }
        continue;
      }
      for (const parent of hypernyms(synset)) {
        entry.parents.add(parent);
        if (partOfSpeech === 'n') for (const grandparent of hypernyms(wordNet.synsets.get(parent)!)) entry.grandparents.add(grandparent);
      }
    }
  }
}
// Antonymy both ways, and only between kept words.
for (const [word, entry] of entries) for (const antonym of entry.antonyms) if (entries.has(antonym)) entries.get(antonym)!.antonyms.add(word);
for (const entry of entries.values()) for (const antonym of [...entry.antonyms]) if (!entries.has(antonym)) entry.antonyms.delete(antonym);

// A hypernym over more than MAX_KIND kept words is a broad category (a feeling, an act, a change, having), whose
// members are not alternatives of one kind: "preference" and "hate" (feelings, 86 words), "owe" and "lend" (61),
// "return" and "back" (76 and 46) were read as siblings on the labelled set and left three targets unsure.
// Its members are not siblings through it.
const MAX_KIND = Number(option('max-kind', '40'));
for (const field of ['parents', 'grandparents'] as const) {
  const members = new Map<string, number>();
  for (const entry of entries.values()) for (const id of entry[field]) members.set(id, (members.get(id) ?? 0) + 1);
  for (const entry of entries.values()) for (const id of [...entry[field]]) if (members.get(id)! > MAX_KIND) entry[field].delete(id);
}
const uses = new Map<string, number>();
for (const entry of entries.values()) for (const id of [...entry.self, ...entry.parents, ...entry.grandparents]) uses.set(id, (uses.get(id) ?? 0) + 1);
const numbered = new Map([...uses].filter(([, count]) => count >= 2).sort((left, right) => right[1] - left[1]).map(([id], at) => [id, at.toString(36)]));
const ids = (set: Set<string>) => [...set].map((id) => numbered.get(id)).filter((id) => id !== undefined).join(',');
const lines: string[] = [];
for (const [word, entry] of [...entries].sort(([left], [right]) => (left < right ? -1 : 1))) {
  // Each pair of antonyms once, on the word first in alphabetical order (the guard looks both ways).
  const fields = [ids(entry.self), ids(entry.parents), ids(entry.grandparents), [...entry.antonyms].filter((antonym) => word < antonym).sort().join(',')];
  if (fields[1] === '' && fields[2] === '' && entry.antonyms.size === 0) continue;
  lines.push(`${word}|${fields.join('|')}`.replace(/\|+$/, ''));
}
const kept = new Set(lines.map((line) => line.slice(0, line.indexOf('|'))));
const forms: string[] = [];
for (const file of ['noun', 'verb', 'adj']) {
  for (const line of fs.readFileSync(`${directory}/${file}.exc`, 'utf8').split('\n')) {
    const [inflected, base] = line.trim().split(' ');
    if (inflected && base && /^[a-z]+$/.test(inflected) && kept.has(base) && !kept.has(inflected)) forms.push(`${inflected} ${base}`);
  }
}
const license = fs.readFileSync('/usr/share/doc/wordnet-base/copyright', 'utf8');
const notice = license.slice(license.indexOf(' This software and database'), license.indexOf('\nFiles: debian')).trimEnd().split('\n').map((line) => `//${line.replace(/^ \.$/, '')}`).join('\n');
const text = `// Generated by scripts/wordnet-contrasts.ts from WordNet 3.0 (Debian wordnet-base): do not edit by hand.
// Siblings and antonyms of common English words, read by src/forget/contrast-guard.ts. One line a word:
// word|its synsets|their hypernyms|(nouns) the hypernyms' hypernyms|its antonyms (each pair once, on the word first in
// alphabetical order) — synset ids in base 36, only those
// two words share. Then irregular forms: "inflected base".
//
// WordNet 3.0 license (https://wordnet.princeton.edu/license-and-commercial-use):
${notice}

export const WORDNET_WORDS: string = \`${lines.join('\n')}\`;

export const WORDNET_IRREGULAR_FORMS: string = \`${forms.join('\n')}\`;
`;
fs.writeFileSync(target, text);
console.log(`${path.relative(process.cwd(), target)}: ${lines.length} words, ${forms.length} irregular forms, ${numbered.size} synset ids, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`);
