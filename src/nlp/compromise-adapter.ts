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
  const doc = nlp(read);
  const lowerText = read.toLowerCase();
  const found = (view: PhraseView) => {
    const all = phrases(view, lowerText);
    return placeholder === '' ? all : all.filter((phrase) => !phrase.text.includes(placeholder));
  };
  // compromise's topics() is people + places + organisations recomputed, at
  // ten times the cost; callers combine the three themselves.
  return {
    people: found(doc.people()),
    places: found(doc.places()),
    organizations: found(doc.organizations()),
    properNouns: found(doc.match('#ProperNoun+').not('(#Date|#Month|#WeekDay)')),
    nounPhrases: found(doc.match('#Adjective* #Noun+').not('(#Pronoun|#Possessive|#Determiner)')),
  };
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
