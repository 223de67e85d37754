import { infinitiveOf } from '../nlp/compromise-adapter.ts';
import { analyzeWithWink } from '../nlp/wink-adapter.ts';

/**
 * The same verb with the opposite particle is the opposite deed: "moved in" / "moved out", "turned the
 * heating on" / "off", "went up" / "went down", "checked in" / "checked out". The particles are stop words
 * and the verb is one word, so a memory "holds every word" of its opposite and sits at "same meaning" (round
 * 12's probe: four such deletions on small stores). The pairs are the three spatial opposites English builds
 * phrasal verbs from (in/out, on/off, up/down); a pair is read only with the verb on both sides the same.
 */
const OPPOSITE_PARTICLE: Readonly<Record<string, string>> = { in: 'out', out: 'in', on: 'off', off: 'on', up: 'down', down: 'up' };
/** An object may stand between verb and particle ("turned the heating on"): these, at most three of them. */
const BETWEEN = new Set(['DET', 'NOUN', 'PRON', 'ADJ', 'PROPN', 'NUM']);

/** Each verb of the text (as its infinitive) with the first particle after it, when it has one. */
function phrasalVerbs(text: string): Map<string, string> {
  const tokens = analyzeWithWink(text.normalize('NFKC')).tokens;
  const found = new Map<string, string>();
  tokens.forEach((token, at) => {
    if (token.pos !== 'VERB') return;
    for (let next = at + 1; next < Math.min(tokens.length, at + 5); next += 1) {
      const word = tokens[next]!.value.toLowerCase();
      if (word in OPPOSITE_PARTICLE) {
        found.set(infinitiveOf(token.value), word);
        return;
      }
      if (!BETWEEN.has(tokens[next]!.pos)) return;
    }
  });
  return found;
}

/** The verb and the two particles when the description and the memory say one verb with opposite particles. */
export function oppositeParticle(description: string, content: string): { verb: string; asked: string; told: string } | undefined {
  const told = phrasalVerbs(content);
  for (const [verb, asked] of phrasalVerbs(description)) {
    const particle = told.get(verb);
    if (particle !== undefined && OPPOSITE_PARTICLE[asked] === particle) return { verb, asked, told: particle };
  }
  return undefined;
}

/**
 * A journey's way after its noun: "my flight out" is the outbound one, "My flight home" / "the flight back" the
 * return. The way words are stop words, so "that my flight out got delayed" held every word of "My flight home
 * got delayed by three hours" and deleted it (the precision probe, left by round 14; round 15). Out (or there)
 * against home or back, read only after the same noun on both sides.
 */
const OUTWARD = new Set(['out', 'there']);
const RETURN = new Set(['home', 'back']);

/** Each noun of the text followed at once by a way word, with that word. */
function waysAfterNouns(text: string): Map<string, string> {
  const tokens = analyzeWithWink(text.normalize('NFKC')).tokens;
  const found = new Map<string, string>();
  tokens.forEach((token, at) => {
    const next = tokens[at + 1]?.value.toLowerCase();
    if (token.pos === 'NOUN' && next !== undefined && (OUTWARD.has(next) || RETURN.has(next))) found.set(token.normal, next);
  });
  return found;
}

/** The noun and the two way words when the description and the memory send the same journey opposite ways. */
export function oppositeWay(description: string, content: string): { noun: string; asked: string; told: string } | undefined {
  const told = waysAfterNouns(content);
  for (const [noun, asked] of waysAfterNouns(description)) {
    const way = told.get(noun);
    if (way !== undefined && OUTWARD.has(asked) !== OUTWARD.has(way)) return { noun, asked, told: way };
  }
  return undefined;
}
