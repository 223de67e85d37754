import { queryTerms } from '../core/query-terms.ts';
import { speakerOf } from '../nlp/speaker.ts';

/**
 * The capitalized words of a question that carry meaning (stop words dropped), lower-cased: the names
 * it may ask about ("What might Caroline enjoy?" → caroline). Empty: it names no one, and the speaker
 * signal has nothing to read.
 */
export function namesInQuestion(question: string): Set<string> {
  return new Set((question.match(/\p{Lu}[\p{L}\p{N}'’]*/gu) ?? []).flatMap((word) => queryTerms(word)));
}

/** A speaker named in the question: by the whole name or its first word ("John" for "John Smith"). */
function isNamed(speaker: string, names: ReadonlySet<string>): boolean {
  const words = queryTerms(speaker);
  return words.length > 0 && (names.has(words[0]!) || words.every((word) => names.has(word)));
}

/**
 * Each memory's speaker relevance: 1 when the person who said it is one the question names, else 0
 * ("Would Caroline enjoy…?" → the turns Caroline said). On the LoCoMo dev split, 97 % of the evidence
 * turns of a question naming one of the two people were said by that person (open-domain: 74 of 74),
 * against about half of all turns; the turns of the other person that mention the name are lifted
 * by their words already.
 *
 * @example
 * speakerRelevance(namesInQuestion('What might Caroline enjoy?'), [{ id: 'a', content: 'Caroline: I love hiking.', context: {} }]).get('a') // 1
 */
export function speakerRelevance(names: ReadonlySet<string>, memories: readonly { id: string; content: string; context: Record<string, unknown> }[]): Map<string, number> {
  const relevance = new Map<string, number>();
  if (names.size === 0) return relevance;
  for (const memory of memories) {
    const { speaker } = speakerOf(memory);
    if (speaker !== null && isNamed(speaker, names)) relevance.set(memory.id, 1);
  }
  return relevance;
}
