import { isSmallTalk } from '../core/small-talk.ts';
// What people say in chat that carries no fact. Matched on whole words after
// lower-casing; a statement made only of these is chatter.
const CHATTER_PHRASES = [
  'ok', 'okay', 'k', 'kk', 'sure', 'yes', 'yeah', 'yep', 'yup', 'no', 'nope', 'nah', 'cool', 'nice', 'great', 'awesome',
  'perfect', 'fine', 'alright', 'right', 'wow', 'oh', 'ah', 'hmm', 'hm', 'lol', 'lmao', 'rofl', 'haha', 'hehe', 'thanks',
  'thank you', 'thx', 'ty', 'cheers', 'please', 'got it', 'sounds good', 'makes sense', 'no problem', 'np', 'you are welcome',
  "you're welcome", 'good to know', 'bye', 'see you', 'see ya', 'hi', 'hello', 'hey', 'hey there', 'yo', 'good morning',
  'good afternoon', 'good evening', 'good night', 'gotcha', 'indeed', 'agreed', 'exactly', 'true', 'fair', 'fair enough',
  'so much', 'a lot', 'again', 'anyway', 'btw', 'for that', 'for the help', 'for your help', 'that is', "that's", 'it',
  'interesting', 'funny', 'amazing', 'welcome', 'oh well', 'all good', 'will do', 'love it', 'love that', 'i see',
];

const CHATTER = new RegExp(
  `^(?:(?:${[...CHATTER_PHRASES].sort((a, b) => b.length - a.length).map(escape).join('|')}|(?:ha)+h?|(?:he)+|(?:lo)+l|:\\)|:\\(|:d)(?:[\\s,.!?~]+|$))+$`,
  'iu',
);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * True for greetings, thanks, acknowledgements and laughter ("ok", "haha", "thanks!").
 *
 * @example
 * isChatter('ok thanks, haha') // true
 * isChatter('ok, I moved to Lisbon') // false
 */
export function isChatter(statement: string): boolean {
  const text = statement.replace(/[‘’]/g, "'").trim();
  return text === '' || !/\p{L}/u.test(text) || CHATTER.test(text);
}

const QUESTION_START =
  /^(?:what|why|how|when|where|who|whom|whose|which|(?:can|could|would|will|should|shall|do|does|did|is|are|am|was|were|have|has)\s+(?:you|i|we|it|there|they|he|she|this|that|anyone|someone))\b/i;

/**
 * True for a question, with or without its question mark: questions ask for
 * facts, they do not state them.
 *
 * @example
 * isQuestion('can you recommend a café in Lisbon') // true
 */
export function isQuestion(statement: string): boolean {
  const text = statement.trim();
  if (text.endsWith('?')) return true;
  return QUESTION_START.test(text) && !/[.!]$/.test(text);
}

// Openers that frame a statement without being part of it. Removed from the
// fact text only; intensity still reads them ("actually" is a reversal).
const OPENERS =
  /^(?:(?:oh|ah|so|well|and|also|ok|okay|yeah|yes|plus|btw|by the way|anyway|fwiw|honestly|to be honest|tbh|just so you know|fyi|hey|hi|hello|actually|p\.?s\.?|please remember(?: that)?|remember(?: this| that)?|note to self|don'?t forget(?: that)?|for the record|for future reference|random thought|side note|i think(?: that)?|i guess|i feel like|i realized(?: that)?|i should mention(?: that)?|i should say(?: that)?|in fact|funny enough|turns out)\b[\s,:;!.-]*)+/iu;

/**
 * A statement without its framing openers ("Oh and", "btw", "remember this:").
 *
 * @example
 * stripOpeners('Oh and I tried that new café.') // 'I tried that new café.'
 */
export function stripOpeners(statement: string): string {
  return statement.trim().replace(OPENERS, '').trim();
}

// "..., it was a nightmare" / "... because it's verbose": the part after is a
// reason or a comment, not part of the fact's object.
const ELABORATION =
  /(?:,\s*|\s+[-–—]\s+)(?=(?:it|that|this|which|they|so|but it|and it|though|although)\b)|\s+(?=(?:because|cause|cuz|since it|as it)\b)/iu;

/**
 * The part of a statement that holds its fact, without trailing elaboration.
 *
 * @example
 * coreClause('I NEVER want to use Redux again, it was a nightmare.') // 'I NEVER want to use Redux again'
 */
export function coreClause(statement: string): string {
  const [core = statement] = statement.split(ELABORATION);
  return core.trim().replace(/[.!?;,\s]+$/u, '');
}

/**
 * True when a statement refers back to something said before ("It was
 * great.", "That's why I left"); such a statement adds weight to the previous
 * fact instead of standing alone.
 *
 * @example
 * refersBack('It was a nightmare.') // true
 */
export function refersBack(statement: string): boolean {
  return /^(?:it|it's|it’s|that|that's|that’s|this|this's|which|they|they're|those|these|so|because|cause)\b/i.test(stripOpeners(statement));
}

/**
 * True for a statement that only takes back an earlier position ("I changed
 * my mind", "scratch that"): it belongs to the statement after it.
 *
 * @example
 * isReversalOnly('I changed my mind') // true
 */
export function isReversalOnly(statement: string): boolean {
  return /^(?:(?:ok|okay|so|well|actually|wait)[\s,]*)*(?:i(?:'ve| have)? changed my mind|scratch that|never ?mind|i was wrong|correction|update|not anymore)[\s,.!:;-]*$/i.test(
    stripOpeners(statement.replace(/[‘’]/g, "'")) || statement,
  );
}

// A capitalised word after the first of its line is a name addressed ("Thanks, Mel!"), not content. Read a line
// at a time: a lookbehind for "anything before it" scanned back to the line's start from every word boundary, and a
// message of one 60,000-letter run took 2.7 s.
const CAPITALISED = /\b[A-Z][a-z]+\b/g;
function withoutAddressedNames(sentence: string): string {
  return sentence
    .split(/([\n\r\u2028\u2029])/)
    .map((line, index) => {
      if (index % 2 === 1) return line;
      const first = line.search(/\S/);
      return line.replace(CAPITALISED, (word: string, offset: number) => (offset > first ? '' : word));
    })
    .join('');
}

/**
 * True for a message that only greets, thanks, acknowledges or asks back ("Hey Mel! Good to see you!
 * How have you been?"): once the names it addresses are set aside, every sentence is small talk or
 * chatter, or a question.
 *
 * @example
 * isGreetingOnly('Thanks, Mel! Take care!') // true
 * isGreetingOnly('Thanks, Mel! I start at Google on Monday.') // false
 */
export function isGreetingOnly(content: string): boolean {
  const sentences = content.split(/(?<=[.!?])\s+/).filter((sentence) => /\p{L}/u.test(sentence));
  return (
    sentences.length > 0 &&
    sentences.every((sentence) => {
      const withoutNames = withoutAddressedNames(sentence);
      return isQuestion(sentence) || isSmallTalk(withoutNames) || isChatter(withoutNames);
    })
  );
}
