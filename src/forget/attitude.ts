import { actingVerb } from './actor.ts';
import { SPEAKS_OF_WISH, WISH } from './clear-leader.ts';
import { statementOf, THAT_OPENING } from './description-words.ts';
import { offerInstead, type Doubtable } from './offer-instead.ts';

/**
 * A fear or a wish of a thing is not the thing done. "that I lost my job" is not "I am terrified of losing my
 * job", nor "that Ines is terrified of losing her job" "My friend Ines lost her job in the layoffs"; "that Freya
 * got a rose tattoo" is not "My sister Freya wants a tattoo of a rose". Round 13's probe deleted each (holding
 * every word, or the only memory naming the name). actor.ts's deedForWish read a wish only as "wants to <verb>";
 * a wish for a thing ("wants a tattoo") and a fear ("is afraid of", "worries about") are read here. Only where the
 * attitude opens the statement, right after its people: "I quit the job I was afraid of losing" is a deed.
 */

/** A fear at a statement's opening: its people, then "am/is … afraid/scared/terrified/worried … of/about/that", or "fear/dread/worry …". */
const FEAR_OPENING =
  /^[^,.;]{0,50}?(?<![\p{L}])(?:(?:am|is|are|was|were|get|gets|got|be|been)\s+(?:(?:so|really|very|quite|a\s+bit|always)\s+)?(?:afraid|scared|terrified|frightened|worried|anxious|nervous|petrified)\s+(?:of|about|that)|(?:fears?|feared|dreads?|dreaded|worr(?:y|ies|ied))\s+(?:about|that|of\b)?)/iu;
/** A description that speaks of a fear itself ("my fear of flying", "that I am scared of dogs"). */
const SPEAKS_OF_FEAR = /(?<![\p{L}])(?:afraid|scared|terrified|frightened|worr(?:y|ies|ied)|anxious|nervous|petrified|fears?|feared|phobias?|dread(?:s|ed)?|anxiety)(?![\p{L}])/iu;
/** A wish for a thing at a statement's opening: its people, then want / hope for / wish for / would like + a thing. */
export const WISH_FOR_THING = /^[^,.;]{0,50}?(?<![\p{L}])(?:wants?|wanted|(?:hopes?|hoped|wish(?:es)?|wished)\s+for|would\s+(?:like|love)|['’]d\s+(?:like|love))\s+(?:a|an|the|some|my|our|his|her|their|another|new)\s/iu;

const FEARING_VERBS = /^(?:am|is|are|was|were|get|gets|got|be|been|fears?|feared|dreads?|dreaded|worr(?:y|ies|ied))$/u;
const WISHING_VERBS = /^(?:wants?|wanted|hopes?|hoped|wish(?:es)?|wished|would|['’]d)$/u;

const statement = (text: string) => statementOf(text).replace(THAT_OPENING, '');

/** The text states people acting (actor.ts), by a verb that is not a gerund naming a thing ("my daughter becoming a vet"). */
const statesDeed = (text: string) => {
  const verb = actingVerb(text);
  return verb !== undefined && !/ing$/u.test(verb);
};

/** The attitude a statement opens on: a fear, a wish for a thing or to do one, or none. */
export function attitudeOf(text: string): 'fear' | 'wish' | undefined {
  const said = statement(text);
  // The attitude is the statement's first verb (or follows its "be"), not a clause after another deed.
  const verb = actingVerb(said)?.toLowerCase();
  if (verb === undefined) return undefined;
  if (FEAR_OPENING.test(said) && FEARING_VERBS.test(verb)) return 'fear';
  if ((WISH_FOR_THING.test(said) || (WISH.test(said) && WISH.exec(said)!.index <= 50)) && WISHING_VERBS.test(verb)) return 'wish';
  return undefined;
}

/**
 * True when one side fears what the other says was done: the memory opens on a fear and the description states a
 * deed speaking of no fear, or the description opens on a fear and the memory states a deed without one. Or the
 * memory only wishes for a thing (deedForWish covers the wish to do one) and the description states a deed
 * speaking of no wish. Not a wish asked for a deed stored: "that I want to become Portuguese" is the user's
 * "I applied for Portuguese citizenship last month" (scenarios 1–144; read so, round 13's probe lost one wrong
 * deletion, "that I want a lighthouse tattoo", and the labelled set that target).
 */
export function attitudeForDeed(description: string, content: string): 'fear' | 'wish' | undefined {
  const [asked, told] = [attitudeOf(description), attitudeOf(content)];
  if (told === 'fear' && asked === undefined && statesDeed(statement(description)) && !SPEAKS_OF_FEAR.test(description)) return 'fear';
  if (asked === 'fear' && told === undefined && statesDeed(content) && !SPEAKS_OF_FEAR.test(content)) return 'fear';
  if (told === 'wish' && WISH_FOR_THING.test(statement(content)) && asked === undefined && statesDeed(statement(description)) && !SPEAKS_OF_WISH.test(description)) return 'wish';
  return undefined;
}

/** Sure matches where one side only fears or wishes for what the other says was done are offered to confirm instead. */
export function doubtAttitude(judged: readonly Doubtable[], description: string): void {
  offerInstead(judged, (entry) => {
    const attitude = attitudeForDeed(description, entry.content);
    return attitude && (attitude === 'fear' ? 'one of the two only fears it' : 'it only wishes for it');
  });
}
