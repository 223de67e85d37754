import { analyzeWithWink } from '../nlp/wink-adapter.ts';
import { REQUEST_WORDS, heldWords, wordForms } from './description-words.ts';

/** How much of a memory is read (as actor.ts reads): a memory may be 60 KB, and a name's thing is named in its opening. */
const READ = 2000;

interface NameDescription {
  text: string;
  terms: string[][];
  decisive: string[];
}

/** The nouns of a text, each with its dictionary form: a thing it names, not an act ("prefer" does not hold "preference"). */
function nounsOf(text: string): string[][] {
  return analyzeWithWink(text.normalize('NFKC')).tokens.filter((token) => token.pos === 'NOUN' || token.pos === 'PROPN').map((token) => [token.normal, token.lemma]);
}

/** The description's nouns (the names aside) that a memory's opening does not hold: a long memory holding one later is asked, never deleted. */
function unheldNouns(entry: { content: string }, description: NameDescription): string[][] {
  const nouns = new Set(analyzeWithWink(description.text.normalize('NFKC')).tokens.filter((token) => token.pos === 'NOUN' && !REQUEST_WORDS.has(token.normal)).map((token) => token.normal));
  const forms = wordForms(entry.content.slice(0, READ));
  return description.terms.filter((term) => nouns.has(term[0]!) && !description.decisive.includes(term[0]!) && heldWords(forms, [term]).length === 0);
}

/**
 * The only memory naming the description's name is not sure when a noun of the description it lacks is a thing
 * another memory names (any memory found by words or meaning, naming the name or not; held as a noun, not as an
 * act of the same stem: "I prefer tabs" does not hold "my vim preference"'s "preference"): the name points to one
 * memory and the thing to another, and both are what it can mean, so the user is asked. "Yuki's juniper" with "My
 * aunt Yuki teaches bonsai classes" and "I am repotting my juniper bonsai"; "the Sunday crossword" with "… beat me
 * at Scrabble on Sunday" and "I do the crossword in the Saturday paper". clear-leader.ts's lacksUnsaidNoun misses
 * these: "juniper" is 0.56 from "bonsai" as words, so said in other words, and brings the memory 0.12 closer. The
 * probe's fifth part, held out (bench/lib/forget-probe-fresh4-stores.ts), deleted 4 memories so, and the earlier parts 1.
 */
export function nounHeldElsewhere(entry: { id: string; content: string }, others: readonly { id: string; content: string }[], description: NameDescription): boolean {
  const lacking = unheldNouns(entry, description);
  if (lacking.length === 0) return false;
  return others.some((other) => other.id !== entry.id && heldWords(nounsOf(other.content.slice(0, READ)), lacking, { aliases: false }).length > 0);
}
