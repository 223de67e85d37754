import { canonicalPredicate, entityKey } from '../graph/names.ts';
import type { GraphExtractor } from '../graph/graph-extractor.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import { RELATION_SENTENCES, type ExpectedRelation, type RelationSentence } from './relation-sentences.ts';

/** Precision and recall of an extractor's relations on the hand-checked sentences. */
export interface RelationScore {
  sentences: number;
  expected: number;
  extracted: number;
  correct: number;
  precision: number;
  recall: number;
  /** Of the correct relations that expect a start date, how many got that day. */
  datesExpected: number;
  datesRight: number;
  /** Each sentence's wrong and missed relations, for reading. */
  mistakes: { text: string; wrong: string[]; missed: string[] }[];
}

const DEFAULT_SAID = '2024-06-15T12:00:00.000Z';

function memoryOf(sentence: RelationSentence, index: number): MemoryRecord {
  const timestamp = Date.parse(sentence.said ?? DEFAULT_SAID);
  return {
    id: `sentence-${index}`, agentId: 'fixture', sessionId: 'fixture', type: 'chat', kind: 'memory', content: sentence.text,
    context: sentence.speaker === undefined ? {} : { speaker: sentence.speaker }, domain: null, category: null, timestamp, createdAt: timestamp,
    consolidatedAt: null, lastAccessedAt: null, importance: 0.5, accessCount: 0, runningIntensity: 0.5, encounterCount: 1, supersededBy: null,
    contentHash: `sentence-${index}`, relatedTo: [], tags: [], source: null,
  };
}

const spell = (subject: string, predicate: string, object: string, negated: boolean) => `${subject} —${predicate}${negated ? ' (not)' : ''}→ ${object}`;

// Predicates that say the same thing in another word: an extractor that maps "moved to" onto
// "lives in", or "am a nurse" onto a job, is not wrong for it.
const SAME_RELATION: readonly (readonly string[])[] = [
  ['live_in', 'move_to'],
  ['be_from', 'from', 'grow_up_in', 'bear_in'],
  ['like', 'love', 'enjoy'],
  ['dislike', 'hate'],
  ['be_a', 'job', 'work_as'],
  ['work_at', 'work_for'],
];

function samePredicate(found: string, expected: string): boolean {
  return found === expected || SAME_RELATION.some((group) => group.includes(found) && group.includes(expected));
}

function matches(found: { subject: string; predicate: string; object: string; negated: boolean }, expected: ExpectedRelation): boolean {
  const [subject, predicate, object, extra] = expected;
  const objectKey = entityKey(object);
  const objectMatches = found.object === objectKey || found.object.endsWith(` ${objectKey}`);
  return found.subject === entityKey(subject) && samePredicate(found.predicate, predicate) && objectMatches && found.negated === (extra?.negated ?? false);
}

/**
 * Runs an extractor over every fixture sentence (one memory each, said at the sentence's
 * time) and matches its relations one to one against the expected ones.
 */
export async function scoreRelationExtraction(extractor: GraphExtractor, sentences: readonly RelationSentence[] = RELATION_SENTENCES): Promise<RelationScore> {
  const memories = sentences.map(memoryOf);
  const extractions = await extractor.extract(memories);
  const score: RelationScore = { sentences: sentences.length, expected: 0, extracted: 0, correct: 0, precision: 0, recall: 0, datesExpected: 0, datesRight: 0, mistakes: [] };
  sentences.forEach((sentence, index) => {
    const found = (extractions[index]?.relations ?? []).map((relation) => ({
      subject: entityKey(relation.subject.name),
      predicate: canonicalPredicate(relation.predicate),
      object: entityKey(relation.object.name),
      negated: relation.negated ?? false,
      validFrom: relation.validFrom ?? null,
    }));
    const open = [...sentence.expected];
    const wrong: string[] = [];
    for (const relation of found) {
      const at = open.findIndex((expected) => matches(relation, expected));
      if (at < 0) {
        wrong.push(spell(relation.subject, relation.predicate, relation.object, relation.negated));
        continue;
      }
      const [expected] = open.splice(at, 1);
      score.correct++;
      const from = expected?.[3]?.from;
      if (from !== undefined) {
        score.datesExpected++;
        if (relation.validFrom !== null && new Date(relation.validFrom).toISOString().slice(0, 10) === from) score.datesRight++;
      }
    }
    score.expected += sentence.expected.length;
    score.extracted += found.length;
    if (wrong.length > 0 || open.length > 0) score.mistakes.push({ text: sentence.text, wrong, missed: open.map(([subject, predicate, object, extra]) => spell(subject, predicate, object, extra?.negated ?? false)) });
  });
  score.precision = score.extracted === 0 ? 0 : score.correct / score.extracted;
  score.recall = score.expected === 0 ? 0 : score.correct / score.expected;
  return score;
}
