import { effectiveStrength } from './strength.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';

/** The signals of a recall score, each 0..1. */
export interface RecallSignals {
  semantic: number;
  keyword: number;
  /** Best relevance among the neighbouring turns of its conversation (the message it replies to, its replies); 0 outside threads. */
  thread: number;
  /** How well the time the memory is about answers the time the question asks about (0 when it asks none). */
  time: number;
  /** Relevance to the question asked again with what its best first hits say (the second hop); 0 when it is off. */
  hop: number;
  /** How relevant the other candidates said in the same sitting are (see session-relevance.ts). */
  session: number;
  /** 1 when the memory was said by a person the question names (see speaker-relevance.ts), else 0. */
  speaker: number;
  strength: number;
  recency: number;
  importance: number;
}

export type RecallWeights = RecallSignals;

/**
 * Default weights, chosen by measurement on the LoCoMo retrieval benchmark
 * (`bench/locomo-tuning.bench.ts`, figures in docs/recall.md): keywords and
 * similarity share the relevance, the thread signal lifts the turn next to the
 * one that matches, and the memory dynamics (which LoCoMo cannot measure: every
 * turn there is equally fresh and unused) stay small tie-breakers. The time signal (a question
 * about time against the times a memory is about) at 0.3: chosen by leave-one-conversation-out
 * cross-validation over {0, 0.05, …, 0.7} (four folds of five chose 0.3), held-out fold means
 * R@5 / R@10 0.679 / 0.771 against 0.660 / 0.753 without it, every fold better held out. The speaker
 * signal (said by the person the question names) at 0.3: chosen the same way over {0, 0.05, …, 0.45}
 * (every fold chose 0.3), held-out fold means 0.723 / 0.803 against 0.682 / 0.771 without it, multi-hop
 * R@5 0.385 against 0.323, open-domain 0.321 against 0.288, every fold better held out at R@5.
 */
export const DEFAULT_RECALL_WEIGHTS: Readonly<RecallWeights> = { semantic: 0.5, keyword: 0.5, thread: 0.45, time: 0.3, hop: 0, session: 0, speaker: 0.3, strength: 0.04, recency: 0.03, importance: 0.03 };

/**
 * Weight of a memory's neighbouring turns' text (its second keyword field) in BM25's term frequency,
 * against 1 for its own text. Chosen by leave-one-conversation-out cross-validation on LoCoMo
 * (bench/locomo-cross-validation.bench.ts, grid thread {0, 0.3, 0.45} × weight {0, 0.2, …, 1}):
 * best on all five at thread 0.45 (R@5 / R@10 0.653 / 0.745, against 0.633 / 0.727 at 0); the folds'
 * choices scored 0.652 / 0.747 held out, against 0.640 / 0.736 for weight 0. See docs/recall.md.
 */
export const DEFAULT_NEIGHBOUR_WEIGHT = 0.2;

export type RecallMode = 'semantic' | 'keyword' | 'hybrid';

/** A score with its reasons: every result says why it came back. */
export interface RecallExplanation {
  score: number;
  signals: RecallSignals;
  weights: RecallWeights;
  contributions: RecallSignals;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Splits the relevance budget (semantic + keyword weight) by mode:
 * 'semantic' gives it all to similarity, 'keyword' all to BM25, and a
 * `hybridRatio` r gives r of it to similarity and 1 − r to keywords.
 */
export function resolveWeights(base: RecallWeights, mode: RecallMode, hybridRatio?: number): RecallWeights {
  const relevance = base.semantic + base.keyword;
  const ratio = mode === 'semantic' ? 1 : mode === 'keyword' ? 0 : (hybridRatio ?? base.semantic / (relevance || 1));
  return { ...base, semantic: relevance * ratio, keyword: relevance * (1 - ratio) };
}

/** e^(−0.01 × days since creation). */
export function recencySignal(createdAt: number, now: number): number {
  return Math.exp(-0.01 * (Math.max(0, now - createdAt) / DAY));
}

/** The optional temporal decay of importance: importance × e^(−days/90). */
export function decayedImportance(importance: number, timestamp: number, now: number): number {
  return importance * Math.exp(-(Math.max(0, now - timestamp) / DAY) / 90);
}

export function memorySignals(
  memory: Pick<MemoryRecord, 'runningIntensity' | 'accessCount' | 'lastAccessedAt' | 'createdAt' | 'importance' | 'timestamp'>,
  relevance: { semantic: number; keyword: number; thread?: number; time?: number; hop?: number; session?: number; speaker?: number },
  now: number,
  options: { temporalDecay?: boolean; decayRate?: number } = {},
): RecallSignals {
  return {
    semantic: Math.max(0, relevance.semantic),
    keyword: relevance.keyword,
    thread: relevance.thread ?? 0,
    time: relevance.time ?? 0,
    hop: relevance.hop ?? 0,
    session: relevance.session ?? 0,
    speaker: relevance.speaker ?? 0,
    strength: effectiveStrength(memory, now, options.decayRate),
    recency: recencySignal(memory.createdAt, now),
    importance: options.temporalDecay ? decayedImportance(memory.importance, memory.timestamp, now) : memory.importance,
  };
}

export function explainScore(signals: RecallSignals, weights: RecallWeights): RecallExplanation {
  const contributions = {
    semantic: signals.semantic * weights.semantic,
    keyword: signals.keyword * weights.keyword,
    thread: signals.thread * weights.thread,
    time: signals.time * weights.time,
    hop: signals.hop * weights.hop,
    session: signals.session * weights.session,
    speaker: signals.speaker * weights.speaker,
    strength: signals.strength * weights.strength,
    recency: signals.recency * weights.recency,
    importance: signals.importance * weights.importance,
  };
  const score = contributions.semantic + contributions.keyword + contributions.thread + contributions.time + contributions.hop + contributions.session + contributions.speaker + contributions.strength + contributions.recency + contributions.importance;
  return { score, signals, weights, contributions };
}

/**
 * `explainScore(signals, weights).score` without the explanation: the same products summed in the same
 * order (so the same number to the last bit), for the candidates a recall ranks and does not return.
 */
export function scoreOf(signals: RecallSignals, weights: RecallWeights): number {
  return (
    signals.semantic * weights.semantic +
    signals.keyword * weights.keyword +
    signals.thread * weights.thread +
    signals.time * weights.time +
    signals.hop * weights.hop +
    signals.session * weights.session +
    signals.speaker * weights.speaker +
    signals.strength * weights.strength +
    signals.recency * weights.recency +
    signals.importance * weights.importance
  );
}

/** The relevance part alone, 0..1, for similarity thresholds. */
export function relevanceOf(signals: RecallSignals, weights: RecallWeights): number {
  const total = weights.semantic + weights.keyword;
  return total === 0 ? 0 : (signals.semantic * weights.semantic + signals.keyword * weights.keyword) / total;
}
