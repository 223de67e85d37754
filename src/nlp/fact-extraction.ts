import { coreClause, isChatter, isQuestion, isReversalOnly, refersBack, stripOpeners } from './chatter.ts';
import { detectContentSignals } from './content-signals.ts';
import { extractEntities, type Entity } from './entities.ts';
import type { ExtractedFact } from './fact.ts';
import { canonicalFacts } from './fact-canonical.ts';
import { scoreIntensity } from './intensity.ts';
import { extractKeywords } from './keywords.ts';
import { parseFact } from './parse-fact.ts';
import { splitSentences } from './sentences.ts';
import { nameTheSpeaker, toThirdPerson } from './third-person.ts';
import { analyzeWithWink } from './wink-adapter.ts';

export type { ExtractedFact } from './fact.ts';

/** A statement that holds a fact, with what was said around it. */
interface Statement {
  /** The clause the fact is read from, openers and elaboration removed. */
  core: string;
  /** Everything said about it, elaboration included: what intensity reads. */
  context: string;
}

// A statement that only refers back ("It was a nightmare.") has no subject of
// its own; it is context that makes the statement before it weigh more.
function statements(text: string): Statement[] {
  const found: Statement[] = [];
  let carried = '';
  for (const sentence of splitSentences(text)) {
    const previous = found[found.length - 1];
    if (isReversalOnly(sentence)) {
      carried = `${carried}${sentence} `;
      continue;
    }
    if (refersBack(sentence)) {
      if (previous) previous.context = `${previous.context} ${sentence}`;
      continue;
    }
    if (isQuestion(sentence) || isChatter(sentence)) continue;
    const core = coreClause(stripOpeners(sentence));
    if (isChatter(core) || isQuestion(core) || /^you\b/i.test(core)) continue;
    found.push({ core, context: `${carried}${sentence}` });
    carried = '';
  }
  return found;
}

// A statement not about the speaker is kept as written when it is a real
// clause with a noun subject ("The deploy key rotates on Fridays").
function statementAboutWorld(core: string): string | undefined {
  const tokens = analyzeWithWink(core).tokens;
  const first = tokens[0];
  if (!first || first.pos === 'PRON' || first.pos === 'INTJ') return undefined;
  const hasVerb = tokens.some((token) => token.pos === 'VERB' || token.pos === 'AUX');
  const words = tokens.filter((token) => token.kind === 'word').length;
  if (!hasVerb || words < 3) return undefined;
  return nameTheSpeaker(core.charAt(0).toUpperCase() + core.slice(1));
}

// Other statements in the same message that mention this one's keywords: the
// user coming back to a subject is a sign it matters.
function otherMentions(keywords: string[], index: number, all: Statement[]): number {
  const lowered = keywords.map((keyword) => keyword.toLowerCase());
  return all.filter((other, otherIndex) => otherIndex !== index && lowered.some((keyword) => other.context.toLowerCase().includes(keyword))).length;
}

/**
 * Reads the facts out of a user's message without an LLM: first-person
 * statements become third-person facts about "User" ("I actually moved to
 * Lisbon" → "User lives in Lisbon"), each with subject, predicate, object,
 * polarity, an intensity 0..1, keywords and entities. Questions, greetings,
 * thanks and chatter yield nothing.
 *
 * @example
 * extractFactsOffline('I NEVER want to use Redux again, it was a nightmare. Oh and I tried that new café on Sukhumvit.')
 * // [{ fact: 'User strongly dislikes Redux', intensity: 0.85, polarity: 'negative', ... },
 * //  { fact: 'User tried a new café on Sukhumvit', intensity: 0.15, polarity: 'neutral', ... }]
 */
export function extractFactsOffline(text: string): ExtractedFact[] {
  const found = statements(text);
  if (found.length === 0) return [];
  // One entity pass over the whole message: compromise's parse is the slowest
  // step, and names are recognised better with their surrounding sentences.
  const messageEntities = extractEntities(text);
  return withThingsReferredTo(found.flatMap((statement, index) => factsOf(statement, index, found, messageEntities)));
}

/** A fact's object that is only "it" (with what follows: "it every day"). */
const REFERS_BACK = /^it\b/iu;
/** An object that is a thing, not a person or another pronoun first ("User her old bike", "them", "it"). */
const NAMES_A_THING = /^(?!(?:it|them|him|her|this|that|User|they|he|she)\b)\S/u;

/**
 * "I moved to Lisbon last month and I love it": "it" is the thing the statement before it named, so the fact is "User
 * loves Lisbon", where it was "User loves it" — a core memory of nothing (the round 22 probe, through the watcher).
 * The object of the fact right before it in the message stands for it ("a Kindle" as "the Kindle"); with none, "it"
 * names nothing said, and the fact is dropped.
 */
function withThingsReferredTo(facts: ExtractedFact[]): ExtractedFact[] {
  const resolved: ExtractedFact[] = [];
  for (const [index, fact] of facts.entries()) {
    if (!REFERS_BACK.test(fact.object)) {
      resolved.push(fact);
      continue;
    }
    // Only the fact right before: further back, another thing may have been named in between and lost its fact.
    const antecedent = facts[index - 1];
    if (antecedent === undefined || !NAMES_A_THING.test(antecedent.object)) continue;
    const thing = antecedent.object.replace(/^an?\s+/iu, 'the ');
    const at = fact.fact.length - fact.object.length;
    const rewritten = fact.fact.slice(at).startsWith(fact.object) ? `${fact.fact.slice(0, at)}${fact.object.replace(REFERS_BACK, thing)}` : fact.fact.replace(/\bit\b/u, thing);
    resolved.push({ ...parseFact(rewritten), intensity: fact.intensity, keywords: [...new Set([...fact.keywords, ...antecedent.keywords])], entities: [...new Set([...fact.entities, ...antecedent.entities])] });
  }
  return resolved;
}

/**
 * Text up to this long is read in one go. Longer text is read a piece of whole sentences this long at a time,
 * giving the event loop a turn between pieces: a 20,000-character remember_facts (the input limit) held a server's
 * thread for one stretch of 0.5–1.0 s (2 cores, warm; the entity parse ~0.3–0.5 s of it), ~30–60 ms a 2,000-character
 * piece. Read so, rememberFacts' longest stall is 33–80 ms, median 43 against 474 read in one call, and the whole call
 * takes as long (1.01×): `npx tsx bench/remember-facts-stall.bench.ts --rounds 6`, quiet machine.
 */
export const ONE_TURN_CHARS = 2_000;
/** Statements turned into facts between two turns: ~489 of them took ~0.2–0.5 s. */
const STATEMENTS_PER_TURN = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * extractFactsOffline, giving the event loop a turn between pieces of long text, so that a server reading 20,000
 * characters still answers its other requests. The same facts for text up to ONE_TURN_CHARS; longer text finds its
 * names piece by piece, so a name is recognised from the sentences of its own piece.
 */
export async function extractFactsOfflineInTurns(text: string): Promise<ExtractedFact[]> {
  if (text.length <= ONE_TURN_CHARS) return extractFactsOffline(text);
  const found = statements(text);
  if (found.length === 0) return [];
  const entities: Entity[] = [];
  for (const piece of sentencePieces(text, ONE_TURN_CHARS)) {
    await nextTurn();
    for (const entity of extractEntities(piece)) {
      if (!entities.some((known) => known.name.toLowerCase() === entity.name.toLowerCase())) entities.push(entity);
    }
  }
  const facts: ExtractedFact[] = [];
  for (const [index, statement] of found.entries()) {
    if (index % STATEMENTS_PER_TURN === 0) await nextTurn();
    facts.push(...factsOf(statement, index, found, entities));
  }
  return withThingsReferredTo(facts);
}

/** Runs of whole sentences, each at most `limit` characters unless one sentence is longer. */
function sentencePieces(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const sentence of splitSentences(text)) {
    if (piece !== '' && piece.length + 1 + sentence.length > limit) {
      pieces.push(piece);
      piece = '';
    }
    piece = piece === '' ? sentence : `${piece} ${sentence}`;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

function factsOf(statement: Statement, index: number, all: Statement[], messageEntities: readonly Entity[]): ExtractedFact[] {
  const thirdPerson = toThirdPerson(statement.core) ?? statementAboutWorld(statement.core);
  if (thirdPerson === undefined) return [];
  const keywords = extractKeywords(statement.core, 6);
  const intensity = scoreIntensity(statement.context, detectContentSignals(statement.context), {
    otherMentions: otherMentions(keywords.slice(0, 2), index, all),
  });
  const core = statement.core.toLowerCase();
  const entities = messageEntities.filter((entity) => core.includes(entity.name.toLowerCase())).map((entity) => entity.name);
  return canonicalFacts(thirdPerson, intensity).map((fact) => ({ ...parseFact(fact), intensity, keywords, entities }));
}
