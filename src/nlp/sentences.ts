import { analyzeWithWink } from './wink-adapter.ts';

// A mid-sentence change of topic ("... Redux, oh and I tried a café") starts a
// new statement, but only when something follows the marker: a trailing "btw"
// belongs to the statement before it.
const TOPIC_CHANGE = /([\s,;:-]+)(?=(?:oh and|oh,? also|and also|btw|by the way|also,|anyway,|p\.?s\.?)\s+\S+\s+\S+)/iu;

// A clause with its own first-person subject is a statement of its own
// ("I live in Berlin and I work at Acme"); a clause that refers back ("..., it
// was a nightmare") elaborates the one before and stays attached to it.
const NEW_FIRST_PERSON_CLAUSE =
  /(\s*;\s*|,\s*(?:and |but |so )?|\s+(?:and|but) )(?=(?:i|i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll|we|we're|we’re|we've|we’ve|my|our)\s)/iu;

// A request tacked onto a statement ("I moved to Lisbon, can you recommend a
// café?") is split off so the statement is not thrown away as a question.
const TRAILING_REQUEST = /(,\s*)(?=(?:can|could|would|will|do|did) you\s)/iu;

// "If it rains, I stay home": a subordinate clause is not a statement on its own.
const SUBORDINATE_START = /^(?:if|when|whenever|because|although|though|since|while|after|before|once|unless|until)\b/iu;

// Words that open a statement without saying anything ("Oh and I tried ...").
const FILLER = /^(?:oh|ah|so|well|and|also|ok|okay|yeah|plus|btw|anyway)(?:[\s,]+(?:oh|ah|so|well|and|also|ok|okay|yeah|plus|btw|anyway))*[\s,]*$/iu;

// Every separator is a capture group, so `split` returns text and separators
// alternately and a filler-only piece can be glued back onto what follows.
function splitAt(text: string, separator: RegExp): string[] {
  const pieces = text.split(separator);
  const parts: string[] = [];
  let current = pieces[0] ?? '';
  for (let index = 1; index < pieces.length; index += 2) {
    const glue = pieces[index] ?? '';
    const next = pieces[index + 1] ?? '';
    if (FILLER.test(current.trim()) || current.trim() === '') current += glue + next;
    else {
      parts.push(current);
      current = next;
    }
  }
  parts.push(current);
  return parts;
}

function splitKeepingSubordinates(sentence: string): string[] {
  if (SUBORDINATE_START.test(sentence.trim())) return [sentence];
  return splitAt(sentence, NEW_FIRST_PERSON_CLAUSE);
}

function splitSentence(sentence: string): string[] {
  return splitAt(sentence, TOPIC_CHANGE)
    .flatMap((part) => splitAt(part, TRAILING_REQUEST))
    .flatMap(splitKeepingSubordinates)
    .map((part) => part.trim().replace(/^[,;:\-–—]\s*/u, ''))
    .filter((part) => /\p{L}/u.test(part));
}

/**
 * Splits a message into statements: sentence boundaries from wink-nlp, plus a
 * new statement at a mid-sentence change of topic ("oh and", "btw"), at a
 * clause with its own first-person subject ("..., and I work at Acme") and at a
 * trailing request. Comma-joined clauses that refer back stay together.
 *
 * @example
 * splitSentences('I NEVER want to use Redux again, it was a nightmare. Oh and I tried that new café on Sukhumvit.')
 * // ['I NEVER want to use Redux again, it was a nightmare.', 'Oh and I tried that new café on Sukhumvit.']
 */
export function splitSentences(text: string): string[] {
  return statementLines(text).flatMap((lines) => analyzeWithWink(lines.replace(/\s+/gu, ' ')).sentences.flatMap(splitSentence));
}

// A list item ("- …", "* …", "• …", "1. …", "2) …") opens a statement of its own; its marker says nothing.
const LIST_ITEM = /^(?:[-*•·]|\d{1,3}[.)])\s+/u;
// A line ending on one of these words was wrapped mid-phrase ("I moved to\nLisbon"): the next line goes on with it.
const ENDS_MID_PHRASE = /\b(?:a|an|the|to|of|in|on|at|for|with|from|by|as|and|or|but|my|our|your|is|are|was|were)$/iu;

/**
 * The text in runs of lines that read as one statement or more. A line break starts a new run at a blank
 * line, at a list item, and before a line that opens with a capital when the line before does not end
 * mid-phrase: a chat message with one statement a line and no full stops ("I like tea\nI live in
 * Lisbon\nI work at Acme") was read as one sentence, and remember_facts stored "User likes tea they
 * live in Lisbon they work at Acme" as one fact. A lower-case line goes on with the one before (a
 * wrapped sentence).
 */
function statementLines(text: string): string[] {
  const runs: string[] = [];
  let run = '';
  for (const raw of text.split(/\r\n|\r|\n/u)) {
    const listed = LIST_ITEM.test(raw.trim());
    const line = raw.trim().replace(LIST_ITEM, '');
    const opensStatement = line === '' || listed || (/^\p{Lu}/u.test(line) && !ENDS_MID_PHRASE.test(run));
    if (opensStatement && run !== '') {
      runs.push(run);
      run = '';
    }
    if (line !== '') run = run === '' ? line : `${run} ${line}`;
  }
  if (run !== '') runs.push(run);
  return runs;
}
