import { isSmallTalk } from '../core/small-talk.ts';
import { isChatter, isQuestion } from '../nlp/chatter.ts';
import { detectContentSignals, extractEntities, scoreIntensity, splitSentences } from '../nlp/index.ts';

// What a person would remember about someone they talk with is what that someone says about their own
// life: who they are, whom they love, what happened to them and when, what they plan, own, like and feel.
// Replies about the other person ("That's great, Mel!"), greetings and questions back are what they
// forget. Each feature below is one such cue, measured on the message alone, so the model that weighs
// them (salience-model.ts) can be refitted without touching the analyzer.

/** The names of the salience features, in the order of the model's coefficients. */
export const SALIENCE_FEATURES = [
  'logLength',
  'sentences',
  'firstPerson',
  'firstPersonShare',
  'secondPersonShare',
  'questionShare',
  'chatterShare',
  'reactionToOther',
  'pastEvent',
  'timeExpression',
  'plan',
  'relationship',
  'possession',
  'namedEntities',
  'emotional',
  'preference',
  'identity',
  'negation',
  'intensity',
  'sharesImage',
  'novelty',
  'opening',
  'answersQuestion',
  'previousLength',
  'previousEvent',
  'turnInSession',
  'selfStatementShare',
  'longestSelfStatement',
  'reactionThenNews',
] as const;

export type SalienceFeature = (typeof SALIENCE_FEATURES)[number];

/**
 * The graded features whose effect bends (the model also weighs their square): length helps, then
 * saturates; a message all in the first person is a reply as often as news. Chosen by
 * bench/salience-fit.ts inside each training fold (with squares against without, every fold chose them).
 */
export const CURVED_SALIENCE_FEATURES = [
  'logLength',
  'firstPerson',
  'firstPersonShare',
  'secondPersonShare',
  'questionShare',
  'chatterShare',
  'intensity',
  'novelty',
  'previousLength',
  'turnInSession',
  'selfStatementShare',
  'longestSelfStatement',
] as const satisfies readonly SalienceFeature[];
export type SalienceFeatures = Record<SalienceFeature, number>;

const FIRST_PERSON = /\b(i|i'm|i've|i'd|i'll|me|my|mine|myself)\b/g;
const SECOND_PERSON = /\b(you|your|you're|you've|yours|yourself|u)\b/g;
// Praise, sympathy and agreement aimed at the other speaker: warm, and forgotten by the next day.
const REACTION =
  /\b(that'?s|sounds|looks|seems|what an?|so) (great|awesome|amazing|cool|wonderful|lovely|fun|fantastic|beautiful|incredible|tough|hard|rough|interesting|nice)\b|\b(congrats|congratulations|wow|proud of you|happy for you|good luck|glad (you|to hear)|keep it up|you got this|take care|i agree|totally agree|so true|you'?re (doing|so|right)|hope you)\b/;
// A first-person past-tense verb: something happened to the speaker.
const PAST_EVENT =
  /\b(i|we|my \w+)( just| finally| recently| actually| also)? (went|got|took|made|had|saw|met|found|bought|started|began|gave|won|lost|left|came|became|did|joined|finished|visited|moved|decided|signed|wrote|read|built|ran|tried|received|ate|spent|learned|learnt|graduated|adopted|painted|volunteered|attended|celebrated|launched|created|completed|quit|married|broke|fell|\w{3,}ed)\b/;
const TIME_EXPRESSION =
  /\b(yesterday|tomorrow|tonight|today|last (week|weekend|month|year|night|summer|winter|spring|fall|friday|saturday|sunday|monday|tuesday|wednesday|thursday)|next (week|weekend|month|year|summer)|this (week|weekend|month|year|summer|morning)|ago|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|since|for (\d+|a few|two|three|four|five|ten) (years|months|weeks|days)|(19|20)\d\d|recently|soon)\b/;
const PLAN = /\b(going to|gonna|planning|plan to|plans? (is|are|for)|i'll|i will|we'll|hoping to|hope to|want to|thinking (of|about)|looking forward|can't wait|about to|signed up|aiming|goal)\b/;
const RELATIONSHIP =
  /\b(family|mom|mum|mother|dad|father|parents?|sister|brother|siblings?|son|daughter|kids?|children|husband|wife|partner|boyfriend|girlfriend|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|friends?|mentor|dog|cat|pets?|puppy)\b/;
const POSSESSION = /\b(my (new|own|first)|i (got|bought|have|own|adopted) (a|an|my|two|three|some)|i'?ve got)\b/;
// A statement by the speaker about themselves or their own ("I", "we"), as opposed to one about the other.
const SELF = /\b(i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|us)\b/;
const NEGATION = /\b(not|never|no|n't|nothing|nobody)\b|n't\b/;

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** The content words of a text, for novelty: lower-cased, four letters or more. */
export function contentWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z][a-z']{3,}/g) ?? []);
}

/** What came before a message in the conversation, as far as the caller knows it. */
export interface SalienceContext {
  /** Content words said before (see contentWords). */
  seenWords?: ReadonlySet<string>;
  /** The message just before, from either side. */
  previous?: { content: string; timestamp: number };
  timestamp?: number;
  /** Messages before this one since the conversation resumed after an hour's pause (0: it opens it). */
  turnInSession?: number;
}

const HOUR = 60 * 60 * 1000;
const MAX_SEEN_WORDS = 50_000;

/**
 * What a conversation said so far, as the salience of its next message needs it: the words said, the
 * previous message, and how far into the current session it is. The offline analyzer keeps one across
 * batches; bench/salience-fit.ts replays the development conversations through the same one.
 *
 * @example
 * const conversation = createConversationContext();
 * const context = conversation.before(message.timestamp); // the context to weigh message with
 * conversation.heard(message);
 */
export function createConversationContext(): { before(timestamp: number): SalienceContext; heard(message: { content: string; timestamp: number }): void } {
  let previous: { content: string; timestamp: number } | undefined;
  let seenWords = new Set<string>();
  let turnInSession = 0;
  const resumes = (timestamp: number) => previous !== undefined && timestamp - previous.timestamp > HOUR;
  return {
    before: (timestamp) => ({ seenWords, timestamp, turnInSession: resumes(timestamp) ? 0 : turnInSession, ...(previous ? { previous } : {}) }),
    heard(message) {
      turnInSession = resumes(message.timestamp) ? 1 : turnInSession + 1;
      previous = { content: message.content, timestamp: message.timestamp };
      // A bound on a watcher that runs for months: past it, novelty is judged against recent words only.
      if (seenWords.size > MAX_SEEN_WORDS) seenWords = new Set();
      for (const word of contentWords(message.content)) seenWords.add(word);
    },
  };
}

/**
 * The salience features of one user message. `seenWords` holds the content words said before in the
 * conversation (as far as the caller knows it): the share of this message's words not among them is
 * its novelty.
 *
 * @example
 * salienceFeatures('I adopted a puppy named Oscar last week!').pastEvent // 1
 */
export function salienceFeatures(content: string, context: SalienceContext = {}): SalienceFeatures {
  const seenWords = context.seenWords ?? new Set<string>();
  const previous = context.previous?.content.replace(/[‘’]/g, "'").replace(/\s*\[shares [^\]]*\]\s*$/, '') ?? '';
  const previousLower = previous.toLowerCase();
  const text = content.replace(/[‘’]/g, "'");
  // An image shared with the message is part of what was said, but not of how it was said.
  const spoken = text.replace(/\s*\[shares [^\]]*\]\s*$/, '');
  const lower = spoken.toLowerCase();
  const sentences = splitSentences(spoken);
  const sentenceCount = Math.max(1, sentences.length);
  const words = Math.max(1, count(lower, /[a-z']+/g));
  const firstPerson = count(lower, FIRST_PERSON);
  const signals = detectContentSignals(spoken);
  const ownWords = contentWords(text);
  const newWords = [...ownWords].filter((word) => !seenWords.has(word)).length;
  const entities = extractEntities(spoken).filter((entity) => entity.type !== 'date' && entity.type !== 'other');
  const selfStatements = sentences.filter((sentence) => SELF.test(sentence.toLowerCase()) && !isQuestion(sentence) && !isChatter(sentence));
  const reaction = REACTION.test(lower) ? 1 : 0;
  return {
    logLength: Math.log1p(text.length),
    sentences: Math.min(6, sentences.length),
    firstPerson: Math.log1p(firstPerson),
    firstPersonShare: firstPerson / words,
    secondPersonShare: count(lower, SECOND_PERSON) / words,
    questionShare: sentences.filter((sentence) => isQuestion(sentence)).length / sentenceCount,
    chatterShare: isSmallTalk(spoken) ? 1 : sentences.filter((sentence) => isChatter(sentence)).length / sentenceCount,
    reactionToOther: reaction,
    pastEvent: PAST_EVENT.test(lower) ? 1 : 0,
    timeExpression: TIME_EXPRESSION.test(lower) ? 1 : 0,
    plan: PLAN.test(lower) ? 1 : 0,
    relationship: RELATIONSHIP.test(lower) ? 1 : 0,
    possession: POSSESSION.test(lower) ? 1 : 0,
    namedEntities: Math.min(3, entities.length),
    emotional: signals.emotional ? 1 : 0,
    preference: signals.preference ? 1 : 0,
    identity: signals.identity ? 1 : 0,
    negation: NEGATION.test(lower) ? 1 : 0,
    intensity: scoreIntensity(spoken, signals),
    sharesImage: text.length > spoken.length ? 1 : 0,
    novelty: ownWords.size === 0 ? 0 : newWords / ownWords.size,
    // The first message after a pause is where people bring their news.
    opening: context.previous === undefined || (context.timestamp !== undefined && context.timestamp - context.previous.timestamp > HOUR) ? 1 : 0,
    answersQuestion: previous !== '' && splitSentences(previous).some((sentence) => isQuestion(sentence)) ? 1 : 0,
    previousLength: Math.log1p(previous.length),
    previousEvent: PAST_EVENT.test(previousLower) || TIME_EXPRESSION.test(previousLower) ? 1 : 0,
    // News comes early in a session: after the greetings, before the replies to the other's news.
    turnInSession: Math.log1p(context.turnInSession ?? 0),
    selfStatementShare: selfStatements.length / sentenceCount,
    longestSelfStatement: Math.log1p(selfStatements.reduce((longest, sentence) => Math.max(longest, sentence.length), 0)),
    // "Congrats on the win! I finally finished my script last week." — the pleasantry first, then their own news.
    reactionThenNews: REACTION.test((sentences[0] ?? '').toLowerCase()) && selfStatements.length > 0 ? 1 : 0,
  };
}
