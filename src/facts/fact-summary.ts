import { normalizeObject, parseFact, predicateFamily } from '../nlp/index.ts';

/** What became of one extracted fact. */
export interface RememberedFact {
  fact: string;
  /** The intensity it was said with. */
  intensity: number;
  outcome: 'new' | 'reinforced' | 'superseded';
  /** The memory that now holds it: the new one, or the one reinforced. */
  memoryId: string;
  /** The running intensity of that memory afterwards. */
  runningIntensity: number;
  /** The fact it reinforced or replaced. */
  previous: { id: string; content: string } | null;
  /** Cosine similarity to the nearest stored fact (null without an embedder or with no facts yet). */
  similarity: number | null;
  decidedBy: 'similarity' | 'rules' | 'llm' | null;
}

const LEADING_FILLER = /^(?:a|an|the|that|this|these|those|some|my|his|her|their|our|its)\s+/i;
const LEADING_ADJECTIVE = /^(?:new|old|other)\s+/i;

/** A short name for what a fact is about: "User tried a new café on Sukhumvit" → "café on Sukhumvit". */
export function factTopic(fact: string): string {
  const parsed = parseFact(fact);
  let topic = parsed.object.trim().replace(/[.!?]+$/, '');
  for (let step = 0; step < 3; step += 1) topic = topic.replace(LEADING_FILLER, '').replace(LEADING_ADJECTIVE, '');
  if (topic.length === 0) topic = parsed.predicate.replace(/_/g, ' ');
  return topic.length > 48 ? `${topic.slice(0, 47)}…` : topic;
}

/** The relation in a word or two: "dislike", "like", "lives in". */
function relationOf(fact: string): string {
  const parsed = parseFact(fact);
  if (predicateFamily(parsed.predicate) === 'preference') return parsed.polarity === 'negative' ? 'dislike' : 'like';
  return parsed.predicate.replace(/_/g, ' ');
}

function describe(remembered: RememberedFact): string {
  const topic = factTopic(remembered.fact);
  if (remembered.outcome === 'new') return topic;
  if (remembered.outcome === 'reinforced') {
    return `${topic} — reinforced ${relationOf(remembered.fact)}, intensity ${remembered.intensity.toFixed(2)} → running avg ${remembered.runningIntensity.toFixed(2)}`;
  }
  const before = remembered.previous ? normalizeObject(parseFact(remembered.previous.content).object) : '';
  const after = normalizeObject(parseFact(remembered.fact).object);
  return before && before !== after ? `${topic} — replaces ${factTopic(remembered.previous!.content)}` : `${topic} — replaces "${remembered.previous?.content ?? ''}"`;
}

/**
 * The one-line report an agent reads back.
 *
 * @example
 * summarizeFacts(facts)
 * // 'Learned 2 facts: 1 new (café on Sukhumvit), 1 updated (Redux — reinforced dislike, intensity 0.85 → running avg 0.83)'
 */
export function summarizeFacts(facts: readonly RememberedFact[]): string {
  if (facts.length === 0) return 'No facts found in the text.';
  const created = facts.filter((fact) => fact.outcome === 'new');
  const updated = facts.filter((fact) => fact.outcome !== 'new');
  const parts = [
    ...(created.length > 0 ? [`${created.length} new (${created.map(describe).join('; ')})`] : []),
    ...(updated.length > 0 ? [`${updated.length} updated (${updated.map(describe).join('; ')})`] : []),
  ];
  return `Learned ${facts.length} fact${facts.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}
