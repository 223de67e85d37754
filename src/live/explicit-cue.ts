import { splitSentences } from '../nlp/index.ts';

/**
 * A request to keep something, and the clause it is about. "Please remember this, I always want concise
 * answers" asks to keep what follows; "I'm allergic to shellfish — don't forget that" what comes before.
 * The cue itself is never a memory.
 */
export interface ExplicitCue {
  /** What the cue asks to keep. */
  clause: string;
  /** The message without the cue's sentence, analysed as usual. */
  rest: string;
}

// The phrasings people use, with what may follow them inside the cue ("this", "that", "for me", ":").
// A cue opens its sentence or clause (after punctuation, fillers and "please"/"can you"): "I wrote a note
// to my boss" and "I remember that trip" are no requests.
// The cue ends on a word boundary: "…, keyboard, and notebook]" once read as "and note" and floored an
// image caption at 0.9 (a LoCoMo turn, not memorable).
const CUE = new RegExp(
  String.raw`(?:^|[,;:.!?(—–-]\s*)(?:(?:oh|and|also|so|ok(?:ay)?|hey|btw),?\s+)*(?:(?:please|pls|can you|could you|would you|will you|i need you to|i want you to)\s+)?` +
    String.raw`(remember(?:\s+(?:this|that|it))?|don'?t\s+forget(?:\s+(?:this|that|it))?|do\s+not\s+forget(?:\s+(?:this|that|it))?|never\s+forget(?:\s+(?:this|that|it))?|note(?:\s+(?:this|that))?(?:\s+down)?|make\s+(?:a\s+)?note(?:\s+of\s+(?:this|that|it))?|take\s+note(?:\s+of\s+(?:this|that|it))?|note\s+to\s+self|keep\s+(?:this|that|it)?\s*in\s+mind|bear\s+(?:this|that|it)?\s*in\s+mind|for\s+the\s+record|for\s+future\s+reference|write\s+(?:this|that|it)\s+down|save\s+(?:this|that|it)|store\s+(?:this|that|it)|memori[sz]e\s+(?:this|that|it))\b` +
    String.raw`(?:\s+for\s+me)?(?:\s+(?:please|pls))?(?:\s*[:,.!—–-]+|\s+that\b)?`,
  'i',
);
const FILLER = /^(?:hi|hey|hello|ok(?:ay)?|so|quick one|one more thing|also|and|oh|btw|by the way|one thing|important|fyi|well)[\s!,.:;—–-]*$/i;

const words = (text: string) => text.replace(/[^\p{L}\p{N}\s]/gu, ' ').trim();

/**
 * Finds a keep-this cue in a message and the clause it refers to: the text after it in its sentence
 * when there is any worth keeping, else the text before it in that sentence, else the previous
 * sentence. Null when there is no cue, or nothing for it to refer to.
 *
 * @example
 * findExplicitCue('Hi! Quick one: please remember this, I always want concise answers, no fluff.')
 * // { clause: 'I always want concise answers, no fluff.', rest: 'Hi!' }
 */
export function findExplicitCue(message: string): ExplicitCue | null {
  // The sentence splitter also cuts at clause commas ("For the record, my birthday…" is two parts).
  const sentences = splitSentences(message);
  const worthKeeping = (text: string | undefined): text is string => text !== undefined && !FILLER.test(text) && words(text).split(/\s+/).filter(Boolean).length >= 2;
  const without = (...skipped: number[]) => sentences.filter((part, position) => !skipped.includes(position) && !FILLER.test(part)).join(' ');
  for (const [index, sentence] of sentences.entries()) {
    const text = sentence.replace(/[’]/g, "'");
    const match = CUE.exec(text);
    if (!match) continue;
    const start = match.index + (match[0].length - match[0].trimStart().length);
    // "I remember that trip", "we remember it": a memory of the past, not a request.
    if (/\b(?:i|we|they|he|she|you)\s*$/i.test(text.slice(0, start)) && !/^(?:please|pls|can|could|would|will|i need|i want)/i.test(match[0].trim())) continue;
    const before = sentence.slice(0, start).replace(/[\s,;:—–-]+$/, '').trim();
    const after = sentence.slice(match.index + match[0].length).trim();
    if (worthKeeping(after)) return { clause: after, rest: [without(index), worthKeeping(before) ? before : ''].filter(Boolean).join(' ') };
    if (worthKeeping(before)) return { clause: before, rest: without(index) };
    // The cue stands alone: it points at what comes next ("Remember this: …"), else at what came before.
    if (worthKeeping(sentences[index + 1])) return { clause: sentences[index + 1]!, rest: without(index, index + 1) };
    if (worthKeeping(sentences[index - 1])) return { clause: sentences[index - 1]!, rest: without(index, index - 1) };
    return null;
  }
  return null;
}
