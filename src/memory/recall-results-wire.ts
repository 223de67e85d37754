import { hasKeysInOrder, hasMemoryRecordKeys } from '../core/record-keys.ts';
import type { RecallExplanation, RecallSignals } from '../core/recall-scoring.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { RecallResult } from './relevant-recall.ts';

/** RecallSignals' keys in the order memorySignals and explainScore build them. */
const SIGNAL_KEYS = ['semantic', 'keyword', 'thread', 'time', 'hop', 'session', 'speaker', 'strength', 'recency', 'importance'] as const;
const RESULT_KEYS = ['memory', 'score', 'explain'] as const;
const EXPLAIN_KEYS = ['score', 'signals', 'weights', 'contributions'] as const;
const RECORD_WIDTH = 22;
/** A packed result's numbers: its score, the explanation's score, then its signals and contributions. */
const NUMBERS_WIDTH = 2 + 2 * SIGNAL_KEYS.length;

/**
 * Recall results as a read worker posts them (structured clone): the usual shape packed into arrays — the
 * records' values in MEMORY_RECORD_KEYS order, the scores in a Float64Array, each distinct weights object
 * once — so the clone copies values, not a key for every property (~50 properties a result). A result of
 * any other shape travels whole.
 */
export interface PackedRecallResults {
  /** Per result: the index of its weights in `weights` (packed), or -1 (in `whole`, in order). */
  layout: Int32Array;
  /** RECORD_WIDTH values a packed result. */
  records: unknown[];
  /** NUMBERS_WIDTH a packed result. */
  numbers: Float64Array;
  /** SIGNAL_KEYS.length a distinct weights object. */
  weights: Float64Array;
  whole: RecallResult[];
}

function hasSignalKeys(signals: unknown): signals is RecallSignals {
  if (typeof signals !== 'object' || signals === null || !hasKeysInOrder(signals, SIGNAL_KEYS)) return false;
  const { semantic, keyword, thread, time, hop, session, speaker, strength, recency, importance } = signals as RecallSignals;
  return (
    typeof semantic === 'number' &&
    typeof keyword === 'number' &&
    typeof thread === 'number' &&
    typeof time === 'number' &&
    typeof hop === 'number' &&
    typeof session === 'number' &&
    typeof speaker === 'number' &&
    typeof strength === 'number' &&
    typeof recency === 'number' &&
    typeof importance === 'number'
  );
}

function packable(result: RecallResult): boolean {
  const explain = result.explain as RecallExplanation | undefined;
  return (
    hasKeysInOrder(result, RESULT_KEYS) &&
    typeof result.score === 'number' &&
    typeof result.memory === 'object' &&
    result.memory !== null &&
    hasMemoryRecordKeys(result.memory) &&
    typeof explain === 'object' &&
    explain !== null &&
    hasKeysInOrder(explain, EXPLAIN_KEYS) &&
    typeof explain.score === 'number' &&
    hasSignalKeys(explain.signals) &&
    hasSignalKeys(explain.weights) &&
    hasSignalKeys(explain.contributions)
  );
}

/**
 * @example
 * const packed = packRecallResults(results); // in the worker, posted
 * unpackRecallResults(packed); // on the engine's thread: equal to results, key for key
 */
export function packRecallResults(results: RecallResult[]): PackedRecallResults {
  const layout = new Int32Array(results.length);
  const records: unknown[] = [];
  const numbers = new Float64Array(results.length * NUMBERS_WIDTH);
  const distinctWeights: RecallSignals[] = [];
  const whole: RecallResult[] = [];
  let row = 0;
  for (let index = 0; index < results.length; index += 1) {
    const result = results[index]!;
    if (!packable(result)) {
      layout[index] = -1;
      whole.push(result);
      continue;
    }
    const { memory, explain } = result;
    let weightsIndex = distinctWeights.indexOf(explain.weights);
    if (weightsIndex === -1) weightsIndex = distinctWeights.push(explain.weights) - 1;
    layout[index] = weightsIndex;
    // Pushed, so the array stays packed (a holey one is cloned as a sparse one, index by index).
    records.push(memory.id, memory.agentId, memory.sessionId, memory.type, memory.kind, memory.content, memory.context, memory.domain, memory.category, memory.timestamp, memory.createdAt, memory.consolidatedAt, memory.lastAccessedAt, memory.importance, memory.accessCount, memory.runningIntensity, memory.encounterCount, memory.supersededBy, memory.contentHash, memory.relatedTo, memory.tags, memory.source);
    const number = row * NUMBERS_WIDTH;
    numbers[number] = result.score;
    numbers[number + 1] = explain.score;
    putSignals(numbers, number + 2, explain.signals);
    putSignals(numbers, number + 2 + SIGNAL_KEYS.length, explain.contributions);
    row += 1;
  }
  const weights = new Float64Array(distinctWeights.length * SIGNAL_KEYS.length);
  for (let index = 0; index < distinctWeights.length; index += 1) putSignals(weights, index * SIGNAL_KEYS.length, distinctWeights[index]!);
  return { layout, records, numbers: row === results.length ? numbers : numbers.slice(0, row * NUMBERS_WIDTH), weights, whole };
}

function putSignals(numbers: Float64Array, at: number, signals: RecallSignals): void {
  numbers[at] = signals.semantic;
  numbers[at + 1] = signals.keyword;
  numbers[at + 2] = signals.thread;
  numbers[at + 3] = signals.time;
  numbers[at + 4] = signals.hop;
  numbers[at + 5] = signals.session;
  numbers[at + 6] = signals.speaker;
  numbers[at + 7] = signals.strength;
  numbers[at + 8] = signals.recency;
  numbers[at + 9] = signals.importance;
}

function signalsAt(numbers: Float64Array, at: number): RecallSignals {
  return {
    semantic: numbers[at]!,
    keyword: numbers[at + 1]!,
    thread: numbers[at + 2]!,
    time: numbers[at + 3]!,
    hop: numbers[at + 4]!,
    session: numbers[at + 5]!,
    speaker: numbers[at + 6]!,
    strength: numbers[at + 7]!,
    recency: numbers[at + 8]!,
    importance: numbers[at + 9]!,
  };
}

/** The results packRecallResults packed, in order, each as it was (a weights object shared by several results is shared again). */
export function unpackRecallResults(packed: PackedRecallResults): RecallResult[] {
  const { layout, records, numbers } = packed;
  const weights: RecallSignals[] = [];
  for (let at = 0; at < packed.weights.length; at += SIGNAL_KEYS.length) weights.push(signalsAt(packed.weights, at));
  const results: RecallResult[] = new Array(layout.length);
  let row = 0;
  let whole = 0;
  for (let index = 0; index < layout.length; index += 1) {
    if (layout[index] === -1) {
      results[index] = packed.whole[whole++]!;
      continue;
    }
    const at = row * RECORD_WIDTH;
    const memory: MemoryRecord = {
      id: records[at] as MemoryRecord['id'],
      agentId: records[at + 1] as MemoryRecord['agentId'],
      sessionId: records[at + 2] as MemoryRecord['sessionId'],
      type: records[at + 3] as MemoryRecord['type'],
      kind: records[at + 4] as MemoryRecord['kind'],
      content: records[at + 5] as MemoryRecord['content'],
      context: records[at + 6] as MemoryRecord['context'],
      domain: records[at + 7] as MemoryRecord['domain'],
      category: records[at + 8] as MemoryRecord['category'],
      timestamp: records[at + 9] as MemoryRecord['timestamp'],
      createdAt: records[at + 10] as MemoryRecord['createdAt'],
      consolidatedAt: records[at + 11] as MemoryRecord['consolidatedAt'],
      lastAccessedAt: records[at + 12] as MemoryRecord['lastAccessedAt'],
      importance: records[at + 13] as MemoryRecord['importance'],
      accessCount: records[at + 14] as MemoryRecord['accessCount'],
      runningIntensity: records[at + 15] as MemoryRecord['runningIntensity'],
      encounterCount: records[at + 16] as MemoryRecord['encounterCount'],
      supersededBy: records[at + 17] as MemoryRecord['supersededBy'],
      contentHash: records[at + 18] as MemoryRecord['contentHash'],
      relatedTo: records[at + 19] as MemoryRecord['relatedTo'],
      tags: records[at + 20] as MemoryRecord['tags'],
      source: records[at + 21] as MemoryRecord['source'],
    };
    const number = row * NUMBERS_WIDTH;
    results[index] = { memory, score: numbers[number]!, explain: { score: numbers[number + 1]!, signals: signalsAt(numbers, number + 2), weights: weights[layout[index]!]!, contributions: signalsAt(numbers, number + 2 + SIGNAL_KEYS.length) } };
    row += 1;
  }
  return results;
}
