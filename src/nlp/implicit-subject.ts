import { analyzeWithWink } from './wink-adapter.ts';

// Chat drops the "I" of what people say about themselves: "Been busy with a project", "Had an audition
// yesterday", "Still working on opening a dance studio", "Researching adoption agencies". Such a
// sentence opens (after an interjection or a name addressed, and adverbs) with an inflected verb. A
// base-form opener is an imperative ("Make sure you watch …") or a question ("Did you …"), not a
// statement of the speaker's.
const OPENERS = new Set(['INTJ', 'ADV', 'PUNCT', 'PROPN', 'CCONJ']);
const NOT_ABOUT_THE_SPEAKER = new Set(['is', 'are', 'was', 'were', 'do', 'does', 'did', 'can', 'could', 'would', 'will', 'should', 'sounds', 'looks', 'seems', 'feels', 'makes', 'means']);

/**
 * True when a sentence states something of its speaker with the subject left out, as chat does.
 *
 * @example
 * hasImplicitFirstPerson('Been tweaking a dessert recipe.'); // true
 * hasImplicitFirstPerson('Make sure you watch other videos first.'); // false
 */
export function hasImplicitFirstPerson(sentence: string): boolean {
  const tokens = analyzeWithWink(sentence).tokens.filter((token) => token.sentence === 0);
  const head = tokens.find((token) => !OPENERS.has(token.pos));
  if (!head || (head.pos !== 'VERB' && head.pos !== 'AUX')) return false;
  const word = head.normal;
  if (NOT_ABOUT_THE_SPEAKER.has(word)) return false;
  return word !== head.lemma || word.endsWith('ing') || word === 'been';
}
