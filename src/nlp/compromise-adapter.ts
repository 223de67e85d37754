import nlp from 'compromise';

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
  const doc = nlp(text);
  const lowerText = text.toLowerCase();
  // compromise's topics() is people + places + organisations recomputed, at
  // ten times the cost; callers combine the three themselves.
  return {
    people: phrases(doc.people(), lowerText),
    places: phrases(doc.places(), lowerText),
    organizations: phrases(doc.organizations(), lowerText),
    properNouns: phrases(doc.match('#ProperNoun+').not('(#Date|#Month|#WeekDay)'), lowerText),
    nounPhrases: phrases(doc.match('#Adjective* #Noun+').not('(#Pronoun|#Possessive|#Determiner)'), lowerText),
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
