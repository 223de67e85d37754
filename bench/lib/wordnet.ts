// WordNet 3.0 as Debian's `wordnet-base` installs it (/usr/share/wordnet), read whole for measuring: which of its
// relations would join a description's word to a memory's (bench/forget-wordnet-links.ts), and what
// scripts/wordnet-contrasts.ts derives the shipped table of siblings and antonyms from (src/forget/wordnet-contrasts-table.ts).
// WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved (license: /usr/share/doc/wordnet-base/copyright).
//
// data.<pos> lines: synset offset, lexicographer file, synset type, word count (hex), each word and its lex id,
// pointer count, each pointer (symbol, target offset, target part of speech, source/target word numbers in hex,
// 0000 for the whole synset), then "| gloss". index.<pos> lines: lemma, part of speech, synset count, pointer
// count and symbols, sense count, tagged sense count, then the synset offsets, most frequent sense first.
import fs from 'node:fs';

export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';

export interface Synset {
  key: string;
  partOfSpeech: PartOfSpeech;
  words: string[];
  /** The words as WordNet writes them: a name keeps its capital ("Aachen", "Spanish"). */
  written: string[];
  pointers: { symbol: string; target: string; sourceWord: number; targetWord: number }[];
}

const FILES: Record<PartOfSpeech, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
/** WordNet's own detachment rules (morphy), for the forms the matcher's stemming leaves inflected. */
const ENDINGS: Record<PartOfSpeech, [string, string][]> = {
  n: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  v: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  a: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  r: [],
};

export interface WordNet {
  synsets: Map<string, Synset>;
  /** The lemmas of a written word in one part of speech: itself, an irregular form's base (*.exc), or a detached ending. */
  lemmas(word: string, partOfSpeech: PartOfSpeech): string[];
  /** A lemma's synsets in one part of speech, most frequent sense first. */
  senses(lemma: string, partOfSpeech: PartOfSpeech): Synset[];
  /** The part of speech a lemma is most often tagged with in WordNet's sense-tagged corpus (ties: noun first). */
  dominant(lemma: string): PartOfSpeech | undefined;
  /** Whether `synset` is the lemma's most frequent sense in its part of speech. */
  firstSenseOf(lemma: string, synset: Synset): boolean;
  /** How many of the lemma's senses are tagged in WordNet's sense-tagged corpus (index.<pos>'s tagsense_cnt): they come first. */
  taggedSenses(lemma: string, partOfSpeech: PartOfSpeech): number;
  /** Every lemma of a part of speech, as index.<pos> lists them. */
  lemmasOf(partOfSpeech: PartOfSpeech): string[];
}

export function readWordNet(directory = '/usr/share/wordnet'): WordNet {
  const synsets = new Map<string, Synset>();
  const senses = new Map<string, string[]>();
  const tagged = new Map<string, number>();
  const exceptions = new Map<string, string[]>();
  const partOf = (symbol: string): PartOfSpeech => (symbol === 's' ? 'a' : (symbol as PartOfSpeech));
  for (const partOfSpeech of Object.keys(FILES) as PartOfSpeech[]) {
    for (const line of fs.readFileSync(`${directory}/data.${FILES[partOfSpeech]}`, 'utf8').split('\n')) {
      if (!/^\d/.test(line)) continue;
      const fields = line.split(' | ')[0]!.trim().split(' ');
      const wordCount = parseInt(fields[3]!, 16);
      const written = Array.from({ length: wordCount }, (_, at) => fields[4 + at * 2]!.replace(/\(.*\)$/, ''));
      const words = written.map((word) => word.toLowerCase());
      let at = 4 + wordCount * 2;
      const pointerCount = parseInt(fields[at]!, 10);
      at += 1;
      const pointers = Array.from({ length: pointerCount }, (_, index) => {
        const [symbol, offset, targetPart, words] = fields.slice(at + index * 4, at + index * 4 + 4) as [string, string, string, string];
        return { symbol, target: `${partOf(targetPart)}${offset}`, sourceWord: parseInt(words.slice(0, 2), 16), targetWord: parseInt(words.slice(2), 16) };
      });
      const key = `${partOfSpeech}${fields[0]}`;
      synsets.set(key, { key, partOfSpeech, words, written, pointers });
    }
    for (const line of fs.readFileSync(`${directory}/index.${FILES[partOfSpeech]}`, 'utf8').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const synsetCount = parseInt(fields[2]!, 10);
      const pointerKinds = parseInt(fields[3]!, 10);
      senses.set(`${fields[0]}|${partOfSpeech}`, fields.slice(6 + pointerKinds, 6 + pointerKinds + synsetCount).map((offset) => `${partOfSpeech}${offset}`));
      tagged.set(`${fields[0]}|${partOfSpeech}`, parseInt(fields[5 + pointerKinds]!, 10));
    }
    for (const line of fs.readFileSync(`${directory}/${FILES[partOfSpeech]}.exc`, 'utf8').split('\n')) {
      const [inflected, ...bases] = line.trim().split(' ');
      if (inflected && bases.length > 0) exceptions.set(`${inflected}|${partOfSpeech}`, bases);
    }
  }
  const known = (lemma: string, partOfSpeech: PartOfSpeech) => senses.has(`${lemma}|${partOfSpeech}`);
  return {
    synsets,
    lemmas(word, partOfSpeech) {
      const found = new Set<string>();
      if (known(word, partOfSpeech)) found.add(word);
      for (const base of exceptions.get(`${word}|${partOfSpeech}`) ?? []) if (known(base, partOfSpeech)) found.add(base);
      for (const [ending, replacement] of ENDINGS[partOfSpeech]) {
        const base = word.slice(0, -ending.length) + replacement;
        if (word.endsWith(ending) && word.length > ending.length + 1 && known(base, partOfSpeech)) found.add(base);
      }
      return [...found];
    },
    senses: (lemma, partOfSpeech) => (senses.get(`${lemma}|${partOfSpeech}`) ?? []).map((key) => synsets.get(key)!),
    dominant(lemma) {
      const parts = (Object.keys(FILES) as PartOfSpeech[]).filter((partOfSpeech) => known(lemma, partOfSpeech));
      return parts.reduce<PartOfSpeech | undefined>((best, partOfSpeech) => (best === undefined || tagged.get(`${lemma}|${partOfSpeech}`)! > tagged.get(`${lemma}|${best}`)! ? partOfSpeech : best), undefined);
    },
    firstSenseOf: (lemma, synset) => senses.get(`${lemma}|${synset.partOfSpeech}`)?.[0] === synset.key,
    taggedSenses: (lemma, partOfSpeech) => tagged.get(`${lemma}|${partOfSpeech}`) ?? 0,
    lemmasOf: (partOfSpeech) => [...senses.keys()].filter((key) => key.endsWith(`|${partOfSpeech}`)).map((key) => key.slice(0, -2)),
  };
}
