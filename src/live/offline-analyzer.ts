import { isSmallTalk } from '../core/small-talk.ts';
import { TIER_THRESHOLDS } from '../core/tiers.ts';
import { isChatter, isGreetingOnly, isQuestion } from '../nlp/chatter.ts';
import { detectContentSignals, extractFactsOffline, extractKeywords, splitSentences } from '../nlp/index.ts';
import type { ContentSignals } from '../spec/content-signals.ts';
import type { ConversationMessage } from './conversation-source.ts';
import { LIVE_IMPORTANCE, type LiveAnalyzer, type LiveCandidate, type LiveDomain } from './live-candidate.ts';
import { findExplicitCue } from './explicit-cue.ts';
import { hasImplicitFirstPerson } from '../nlp/implicit-subject.ts';
import { ABOUT_THE_AGENT, AGENT_SELF_STATEMENT, CONFIDENCE, INSTRUCTION_TO_THE_AGENT, retell, retellAgent, TRUST_MOMENT } from './live-phrasing.ts';
import { createConversationContext, type SalienceContext } from './salience-features.ts';
import { salienceOf } from './salience-model.ts';

type Level = { importance: number; category: string };

/** The strongest signal of a sentence sets its initial importance and category. */
export function levelOf(signals: ContentSignals, sentence: string): Level | null {
  const vulnerable = TRUST_MOMENT.test(sentence);
  // "I love dark roast" is a preference said warmly, not a vulnerable moment.
  const emotional = signals.emotional && (vulnerable || !signals.preference);
  const ordered: [boolean, Level][] = [
    [emotional, { importance: LIVE_IMPORTANCE.emotional, category: vulnerable ? 'moment' : 'emotion' }],
    [signals.preference, { importance: LIVE_IMPORTANCE.preference, category: 'preference' }],
    [signals.identity, { importance: LIVE_IMPORTANCE.identity, category: 'identity' }],
    [signals.decision, { importance: LIVE_IMPORTANCE.decision, category: 'decision' }],
    [signals.projectWork, { importance: LIVE_IMPORTANCE.projectWork, category: 'project' }],
  ];
  const found = ordered.find(([present]) => present)?.[1] ?? null;
  if (signals.explicitRemember) return { importance: LIVE_IMPORTANCE.explicitRemember, category: found?.category ?? 'note' };
  if (found) return found;
  return signals.passingMention ? { importance: LIVE_IMPORTANCE.passingMention, category: 'mention' } : null;
}

function domainOf(sentence: string, subject: string | null, level: Level | null): LiveDomain {
  if (TRUST_MOMENT.test(sentence)) return 'relationship';
  if (ABOUT_THE_AGENT.test(sentence) && !isQuestion(sentence)) return 'self';
  if (subject !== null && subject !== 'user') return 'world';
  if (level && (level.category === 'decision' || level.category === 'project')) return 'world';
  return 'user';
}

// An imperative ("Run the tests again") parses as a fact about itself: it is a task, not a memory;
// a discourse marker ("As I said", "Like I told you") parses with "I" left inside the subject.
function isNotAFact(fact: { subject: string; predicate: string; fact: string; keywords: string[] }): boolean {
  if (fact.keywords.length === 0 || /\bi\b/.test(fact.subject)) return true;
  return fact.subject === fact.fact.toLowerCase() || (fact.predicate === 'is' && !/^(user|the |a |an |[A-Z])/.test(fact.fact));
}

const FIRST_PERSON = /\b(i|i'm|i've|my|me|we|our|us)\b/i;

// A memory born below the background tier would be an archival candidate from its first day: not made.
const bornAlive = (candidate: Pick<LiveCandidate, 'importance'>) => candidate.importance >= TIER_THRESHOLDS.background;

// The levels that stay floors under the salience model. Measured on the benchmark (docs/salience.md):
// flooring every kept "you're …" at the instruction level and every "means a lot" at the trust level
// cost 0.032 of AUC, as peers say both to each other all the time; flooring stated preferences and
// identity at their levels cost 0.006 (0.834 → 0.828), decisions and project work nothing.
const FLOORED_CATEGORIES = new Set(['preference', 'identity', 'decision', 'project']);
// "I love your turtles!", "I love it when you cook": a liking for what the other person has or does is
// praise of them, not a taste of the speaker's; it is weighed by salience like the other replies. On the
// benchmark 26 of the 51 LoCoMo turns floored as preferences were of this shape (0.836 → 0.839 analyzer-only).
const ABOUT_THE_OTHER = /\b(you|your|yours|you're|you've|you'd)\b/i;
// "I love the color and texture", "I love all the yellow leaves", "I love it", "I love how calm it is": a
// liking of something in front of the speaker (what the other just showed or said) is a reaction too:
// not floored, watcher held-out AUC (each LoCoMo conversation with its fold's model) 0.8378 → 0.8403.
const LIKING_OF_THE_PRESENT = /\bi (?:really |absolutely |just |also |truly )?(?:love|like|adore|enjoy) (?:it|this|that|these|those|the|all (?:the|of (?:the|it|them))|how|what|when|them)\b/i;

/**
 * A kept sentence's importance: the message's salience (salience-model.ts), with the watcher's promises
 * kept as floors — a "remember this" 0.9, a confidence 0.85, an instruction to the agent 0.8, a stated
 * preference (not praise of the other's), identity, decision or piece of project work its level.
 * An aside that opens the message ("By the way, …") is capped at the passing-mention level (0.3); one
 * that follows the pleasantries is how people bring their news, weighed like the rest (the cap lowered
 * 9 LoCoMo turns of that shape, 8 of them memorable).
 */
function weighed(sentence: string, level: Level | null, domain: LiveDomain, salience: number, signals: ContentSignals): number {
  if (signals.explicitRemember) return Math.max(LIVE_IMPORTANCE.explicitRemember, salience);
  let floor = 0;
  if (domain === 'relationship' && CONFIDENCE.test(sentence)) floor = LIVE_IMPORTANCE.emotional;
  else if (domain === 'self' && INSTRUCTION_TO_THE_AGENT.test(sentence)) floor = LIVE_IMPORTANCE.identity;
  else if (level && FLOORED_CATEGORIES.has(level.category) && !(level.category === 'preference' && (ABOUT_THE_OTHER.test(sentence) || LIKING_OF_THE_PRESENT.test(sentence)))) floor = level.importance;
  const importance = signals.passingMention ? Math.min(salience, LIVE_IMPORTANCE.passingMention) : salience;
  return Math.round(Math.max(floor, importance) * 1000) / 1000;
}

function fromUserSentence(sentence: string, message: ConversationMessage, passing: boolean, salience: number, explicit = false): LiveCandidate[] {
  if (!explicit && (isChatter(sentence) || isQuestion(sentence))) return [];
  // "By the way," is split off as its own sentence; the mention it introduces is still a passing one.
  // A clause a "remember this" pointed at is kept at the explicit level, whatever else it says.
  // Only a clause the cue finder pointed at is kept at the explicit level: the sentence lexicon's looser
  // "remember that" also fires on advice to the other ("Stay motivated and remember that anything is
  // possible") and on one's own resolve ("I'll make sure to remember this"), which it floored at 0.9:
  // watcher held-out AUC 0.8403 → 0.8422 pooled, mean of folds 0.8476 → 0.8493.
  const signals = { ...detectContentSignals(sentence), passingMention: passing, explicitRemember: explicit };
  const level = levelOf(signals, sentence);
  const base = { messageId: message.id, timestamp: message.timestamp };
  const facts = extractFactsOffline(sentence).filter((fact) => !isNotAFact(fact));
  const special = TRUST_MOMENT.test(sentence) || ABOUT_THE_AGENT.test(sentence);
  if (facts.length > 0 && !special) {
    return facts.map((fact) => {
      const factLevel = level ?? { importance: LIVE_IMPORTANCE.generalFact, category: fact.subject === 'user' ? 'fact' : 'person' };
      const domain = domainOf(sentence, fact.subject, factLevel);
      const category = domain === 'world' && factLevel.category === 'person' && !fact.subject.startsWith("user's") ? 'fact' : factLevel.category;
      const importance = weighed(sentence, level, domain, salience, signals);
      return { ...base, domain, category, content: fact.fact, importance, intensity: fact.intensity, keywords: fact.keywords, kind: 'fact' as const };
    }).filter(bornAlive);
  }
  // No fact of the usual shape: keep the sentence only when it says something that matters — a strong
  // signal, or a message speaking of the person themselves ("I", "we") salient enough to be born alive.
  // Chosen by leave-one-conversation-out over 0.2–0.5: every fold picked the background tier (0.2);
  // held-out analyzer AUC 26 0.902, 30 0.874, 41 0.850, 42 0.838, 43 0.811 (at 0.5: 0.902, 0.864,
  // 0.850, 0.834, 0.803).
  // A discourse fragment ("As I said", "Like I told you") carries fewer than two keywords: never kept.
  // Chat drops the "I" ("Been tweaking a dessert recipe", "Still working on opening a dance studio"):
  // counting those as the speaker's own statements kept 9 more LoCoMo turns, watcher held-out AUC
  // (each conversation with its fold's model) 0.834 → 0.837.
  const salientAboutThem = salience >= TIER_THRESHOLDS.background && (FIRST_PERSON.test(sentence) || hasImplicitFirstPerson(sentence)) && extractKeywords(sentence).length >= 2;
  if (!special && (level === null || level.importance < LIVE_IMPORTANCE.decision) && !salientAboutThem) return [];
  const domain = domainOf(sentence, null, level);
  // What the person asks of the agent is the agent's identity: at least the identity level.
  const importance = weighed(sentence, level, domain, salience, signals);
  const category = domain === 'self' && level?.category !== 'note' ? 'instruction' : domain === 'relationship' ? 'moment' : (level?.category ?? 'note');
  const content = retell(sentence, { quoteUnlessRetold: domain === 'relationship' });
  const candidate: LiveCandidate = { ...base, domain, category, content, importance, intensity: importance, keywords: extractKeywords(sentence).slice(0, 8), kind: domain === 'relationship' ? 'memory' : 'fact' };
  return bornAlive(candidate) ? [candidate] : [];
}

function fromAgentMessage(message: ConversationMessage): LiveCandidate[] {
  // The agent's routine replies are task chatter; only what it says about who it is becomes a self memory.
  return splitSentences(message.content)
    .filter((sentence) => AGENT_SELF_STATEMENT.test(sentence) && !isQuestion(sentence))
    .map((sentence) => ({
      domain: 'self' as const,
      category: 'identity',
      content: retellAgent(sentence),
      importance: LIVE_IMPORTANCE.identity,
      intensity: LIVE_IMPORTANCE.identity,
      keywords: extractKeywords(sentence).slice(0, 8),
      kind: 'fact' as const,
      messageId: message.id,
      timestamp: message.timestamp,
    }));
}

/**
 * One candidate per content and domain within a message: the strongest mention
 * wins. Across messages a repeat is kept, so the watcher reinforces what came up again.
 */
function withoutRedundancy(candidates: LiveCandidate[]): LiveCandidate[] {
  const kept = new Map<string, LiveCandidate>();
  for (const candidate of candidates) {
    const key = `${candidate.messageId}\u0000${candidate.domain}\u0000${candidate.content.toLowerCase().replace(/\s+/g, ' ')}`;
    const previous = kept.get(key);
    if (!previous || candidate.importance > previous.importance) kept.set(key, candidate);
  }
  return [...kept.values()];
}

/** What one message yields, judged in the context of what came before it. */
function fromMessage(message: ConversationMessage, context: SalienceContext, weigh: typeof salienceOf): LiveCandidate[] {
  const content = message.content.trim();
  if (content === '' || message.role === 'system' || message.role === 'tool' || isSmallTalk(content) || isChatter(content)) return [];
  if (message.role === 'assistant') return fromAgentMessage(message);
  if (isGreetingOnly(content)) return [];
  const salience = weigh(content, context);
  // "Remember this / don't forget / for the record …" marks the clause it points at; the cue itself is never a memory.
  const cue = findExplicitCue(content);
  if (cue) {
    return [...fromUserSentence(cue.clause, message, false, salience, true), ...splitSentences(cue.rest).flatMap((sentence) => fromUserSentence(sentence, message, false, salience))];
  }
  // A moment of trust is kept whole: split into clauses it loses what made it one.
  if (TRUST_MOMENT.test(content) && splitSentences(content).length <= 3) return fromUserSentence(content, message, false, salience);
  // An aside that opens the message ("By the way, I went to the market") frames all of it as one and is
  // capped; one after a reply to the other ("Congrats! By the way, I finally …") turns to the speaker's
  // own news and is weighed like the rest: 8 of the 9 LoCoMo turns of that shape are memorable.
  const passing = detectContentSignals(splitSentences(content)[0] ?? '').passingMention;
  return splitSentences(content).flatMap((sentence) => fromUserSentence(sentence, message, passing, salience));
}

/**
 * The default analyzer: no LLM, no network. The same heuristics as fact
 * extraction and the four domains; what it keeps from a user message weighs
 * the message's salience (salience-model.ts: how likely a person would
 * remember it, fitted on LoCoMo), floored at the watcher's levels where they
 * are promises (remember 0.9, a confidence 0.85, an instruction to the agent
 * or a stated preference/identity 0.8, decision 0.75, project 0.6) and capped
 * at 0.3 for a message that opens with "by the way". Greetings, thanks, questions back, routine task
 * chatter, memories that would be born below the background tier (0.2) and
 * repeats within a batch yield nothing. It remembers the previous message
 * and the words said so far across batches: they feed the salience.
 *
 * @example
 * const candidates = await createOfflineAnalyzer().analyze([{ id: '1', role: 'user', content: 'I prefer short answers', timestamp: Date.now() }]);
 * candidates[0]; // { domain: 'user', category: 'preference', content: 'User prefers short answers', importance: 0.8, ... }
 */
export function createOfflineAnalyzer(options: { salience?: typeof salienceOf } = {}): LiveAnalyzer {
  // Another salience model: bench/salience-fit.ts runs the analyzer with each fold's own fit.
  const weigh = options.salience ?? salienceOf;
  // What the conversation said before, across batches, for the salience of what comes next.
  const conversation = createConversationContext();
  return {
    name: 'offline',
    async analyze(messages) {
      const candidates: LiveCandidate[] = [];
      for (const message of messages) {
        candidates.push(...fromMessage(message, conversation.before(message.timestamp), weigh));
        if (message.role === 'user' || message.role === 'assistant') conversation.heard(message);
      }
      return withoutRedundancy(candidates);
    },
  };
}
