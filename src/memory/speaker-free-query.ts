import { queryTerms } from '../core/query-terms.ts';
import { speakerOf } from '../nlp/speaker.ts';

/** The capitalized words of a text, as namesInQuestion reads them. */
const CAPITALIZED = /\p{Lu}[\p{L}\p{N}'’]*/gu;

/**
 * The question without the words that name a speaker ("What might Caroline's degree be in?" with
 * caroline → "What might degree be in?"): once the speaker signal has found who is asked about, the
 * name in the question's vector only pulls towards turns that say the name (an address, "Thanks,
 * Caroline!") instead of turns about what is asked. A word is dropped when every term it reads as is
 * one of `names`; other capitalized words ("Paris", "LGBTQ+") stay.
 *
 * @example
 * withoutNames("What might Caroline's degree be in?", new Set(['caroline'])) // 'What might degree be in?'
 */
export function withoutNames(question: string, names: ReadonlySet<string>): string {
  return question
    .replace(CAPITALIZED, (word) => {
      const terms = queryTerms(word);
      return terms.length > 0 && terms.every((term) => names.has(term)) ? '' : word;
    })
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([?.!,])/g, '$1')
    .trim();
}

/**
 * The people of `memories` the question names (by the whole name or its first word, as the speaker
 * signal reads them), each with the question's words that name them.
 */
export function namedSpeakers(names: ReadonlySet<string>, memories: Iterable<{ content: string; context: Record<string, unknown> }>): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  if (names.size === 0) return found;
  for (const memory of memories) {
    const { speaker } = speakerOf(memory);
    if (speaker === null || found.has(speaker)) continue;
    const words = queryTerms(speaker);
    if (words.length > 0 && (names.has(words[0]!) || words.every((word) => names.has(word)))) found.set(speaker, new Set(words.filter((word) => names.has(word))));
  }
  return found;
}
