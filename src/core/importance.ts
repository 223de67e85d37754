import { detectContentSignals } from '../nlp/content-signals.ts';
import { isSmallTalk } from './small-talk.ts';
import type { MemoryContext, MemoryType } from '../spec/memory-record.ts';

/** Base weight of each type of experience: errors and insights teach the most. */
export const TYPE_BASE_IMPORTANCE: Readonly<Record<MemoryType, number>> = {
  chat: 0.6,
  observation: 0.4,
  task: 0.7,
  decision: 0.8,
  'tool-use': 0.7,
  error: 0.9,
  insight: 0.85,
};

const CONTEXT_BONUS = { mentionedMe: 0.2, userDirectMessage: 0.15, actionTaken: 0.1, errorRecovered: 0.15 } as const;

/**
 * What the content itself says about its weight. A signal sets the score to its
 * level when that is higher ("at least"), except a passing mention, which caps
 * an otherwise unremarkable text at 0.3.
 */
export const CONTENT_SIGNAL_LEVEL = {
  explicitRemember: 0.9,
  emotional: 0.85,
  preference: 0.8,
  identity: 0.8,
  decision: 0.75,
  projectWork: 0.6,
  passingMention: 0.3,
} as const;

export interface ImportanceInput {
  type: MemoryType;
  content: string;
  context?: MemoryContext;
  /** A caller-given importance always wins. */
  importance?: number;
}

export interface ImportanceBreakdown {
  importance: number;
  base: number;
  contextBonus: number;
  contentLevel: number | null;
  reasons: string[];
}

/**
 * Scores how much an experience matters, 0..1, and says why.
 *
 * @example
 * calculateImportance({ type: 'chat', content: 'Remember this: the deploy key rotates on Fridays' }).importance // 0.9
 */
export function calculateImportance(experience: ImportanceInput): ImportanceBreakdown {
  if (experience.importance !== undefined) {
    return { importance: clamp(experience.importance), base: experience.importance, contextBonus: 0, contentLevel: null, reasons: ['given by caller'] };
  }
  const base = TYPE_BASE_IMPORTANCE[experience.type];
  const reasons = [`type ${experience.type} (${base})`];
  let contextBonus = 0;
  for (const key of Object.keys(CONTEXT_BONUS) as (keyof typeof CONTEXT_BONUS)[]) {
    if (experience.context?.[key] === true) {
      contextBonus += CONTEXT_BONUS[key];
      reasons.push(`${key} (+${CONTEXT_BONUS[key]})`);
    }
  }
  const signals = detectContentSignals(experience.content);
  let contentLevel: number | null = null;
  for (const key of ['explicitRemember', 'emotional', 'preference', 'identity', 'decision', 'projectWork'] as const) {
    if (signals[key] && (contentLevel === null || CONTENT_SIGNAL_LEVEL[key] > contentLevel)) contentLevel = CONTENT_SIGNAL_LEVEL[key];
  }
  let score = base + contextBonus;
  if (contentLevel !== null) {
    if (contentLevel > score) reasons.push(`content signal (at least ${contentLevel})`);
    score = Math.max(score, contentLevel + contextBonus);
  } else if (signals.passingMention || isSmallTalk(experience.content)) {
    score = Math.min(score, CONTENT_SIGNAL_LEVEL.passingMention + contextBonus);
    reasons.push('passing mention or small talk (0.3)');
  }
  if (signals.explicitRemember) score = Math.max(score, CONTENT_SIGNAL_LEVEL.explicitRemember);
  return { importance: clamp(score), base, contextBonus, contentLevel, reasons };
}

/** Each access nudges importance up: what keeps being useful matters more. */
export const ACCESS_IMPORTANCE_BOOST = 0.01;
/**
 * Being used can lift importance up to here and no further: just under the core tier (0.7), so
 * repetition alone never makes a memory core — only what was important to begin with (or a person
 * saying so) is. A memory already above it keeps its importance.
 */
export const ACCESS_IMPORTANCE_CEILING = 0.69;
/** From this importance on a memory never leaves relevant recall through disuse (it only moves down tiers). */
export const IMPORTANT_ENOUGH_TO_KEEP = 0.7;

/**
 * The running intensity a new memory starts with when the experience gives none: its importance,
 * but never below the neutral 0.5 (so a minor memory fades as it always did, and an important one
 * starts strong instead of at the same 0.5 as small talk).
 */
export function startingIntensity(importance: number): number {
  return Math.max(0.5, importance);
}

export function clamp(value: number, low = 0, high = 1): number {
  return Math.min(high, Math.max(low, value));
}
