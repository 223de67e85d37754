import nlp from 'compromise';
import { shortenLongRuns } from './long-runs.ts';

/** A phrase compromise found, with where it starts in the text (for ordering). */
export interface Phrase {
  text: string;
  start: number;
}

/** Everything the language layer reads out of compromise for one text. */
export interface CompromiseAnalysis {
  people: Phrase[];
  places: Phrase[];
  organizations: Phrase[];
  /** Runs of proper nouns (Redux, Postgres, Sukhumvit) whatever their kind. */
  properNouns: Phrase[];
  /** Adjective + noun phrases without determiners or pronouns ("new café", "billing service"). */
  nounPhrases: Phrase[];
}

// compromise types `json()` as `any`; this is the one slice of its shape we read.
interface JsonTerm {
  text: string;
  post?: string;
}
interface JsonMatch {
  terms: JsonTerm[];
}
interface PhraseView {
  json(options?: object): unknown;
}

// Trailing punctuation lives in `post` and inner punctuation ("Acme, Inc") is
// kept, so a phrase reads as written minus the sentence's full stop. Positions
// come from the text, not from compromise's offsets, which cost several times
// the match itself.
function phrases(view: PhraseView, lowerText: string): Phrase[] {
  const matches = view.json() as JsonMatch[];
  return matches
    .map((match) => {
      const last = match.terms.length - 1;
      const text = match.terms
        .map((term, index) => term.text + (index < last ? (term.post ?? ' ') : ''))
        .join('')
        .replace(/['’]s$/u, '')
        .trim();
      return { text, start: Math.max(0, lowerText.indexOf(text.toLowerCase())) };
    })
    .filter((phrase) => phrase.text.length > 0);
}

/**
 * Reads people, places, organisations, proper nouns and noun phrases with compromise.
 *
 * @example
 * analyzeWithCompromise('Tim Cook lives in Berlin.').people // [{ text: 'Tim Cook', start: 0 }]
 */
export function analyzeWithCompromise(text: string): CompromiseAnalysis {
  // Runs of thousands of characters without a space took compromise seconds (long-runs.ts); no phrase holds one.
  const { text: read, placeholder } = shortenLongRuns(text);
  const found: CompromiseAnalysis = { people: [], places: [], organizations: [], properNouns: [], nounPhrases: [] };
  for (const piece of piecesOf(read)) {
    const doc = nlp(piece.text);
    const lowerText = piece.text.toLowerCase();
    const add = (into: Phrase[], view: PhraseView) => {
      for (const phrase of phrases(view, lowerText)) if (placeholder === '' || !phrase.text.includes(placeholder)) into.push({ text: phrase.text, start: piece.start + phrase.start });
    };
    // compromise's topics() is people + places + organisations recomputed, at
    // ten times the cost; callers combine the three themselves.
    add(found.people, doc.people());
    add(found.places, doc.places());
    add(found.organizations, doc.organizations());
    add(found.properNouns, doc.match('#ProperNoun+').not('(#Date|#Month|#WeekDay)'));
    add(found.nounPhrases, doc.match('#Adjective* #Noun+').not('(#Pronoun|#Possessive|#Determiner)'));
  }
  return found;
}

/**
 * Longest piece of text compromise reads at once. Its matches try every term as a start and run as far as they can:
 * over 60,000 characters of "Aa Aa …" linking one memory into the graph took 48.7 s (8.1 s at 30,000, 0.9 s at
 * 10,000). Pieces end at a sentence's end where one falls in the last half of the piece, else at a space.
 */
const LONGEST_PIECE = 2_000;
const SENTENCE_END = /[.!?…]['"’”)\]]*\s+|[\n\r\u2028\u2029]+/g;

function piecesOf(text: string): { text: string; start: number }[] {
  if (text.length <= LONGEST_PIECE) return [{ text, start: 0 }];
  const pieces: { text: string; start: number }[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + LONGEST_PIECE);
    if (end < text.length) {
      const window = text.slice(start, end);
      let cut = -1;
      for (const match of window.matchAll(SENTENCE_END)) cut = match.index + match[0].length;
      if (cut < LONGEST_PIECE / 2) cut = window.lastIndexOf(' ') + 1;
      if (cut > 0) end = start + cut;
    }
    pieces.push({ text: text.slice(start, end), start });
    start = end;
  }
  return pieces;
}

/**
 * The infinitive of a verb form ("smoking" → "smoke", "lives" → "live"), for
 * words wink's tagger took for nouns.
 *
 * @example
 * infinitiveOf('studying') // 'study'
 */
export function infinitiveOf(verbForm: string): string {
  const doc = nlp(verbForm.toLowerCase());
  doc.tag(/ing$/i.test(verbForm) ? 'Gerund' : 'Verb');
  const infinitive = doc.verbs().toInfinitive().text().trim().toLowerCase();
  return infinitive === '' ? verbForm.toLowerCase() : infinitive;
}
