import { extractEntities, extractKeywords, parseFact, predicateFamily, type FactStructure } from '../nlp/index.ts';
import { extractRelations, type ExtractedRelation } from './relation-extraction.ts';
import type { EntityInput, GraphEntityType, MemoryExtraction, RelationInput } from '../spec/knowledge-graph.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { GraphExtractor } from './graph-extractor.ts';
import { speakerOf } from '../nlp/speaker.ts';

export interface OfflineGraphExtractorOptions {
  /** Read subject–predicate–object relations with the offline fact rules (default true; costs a second parse). */
  relations?: boolean;
  /** Also make this many keywords of each memory into concept nodes (default 0: named entities only). */
  conceptKeywords?: number;
  /** Confidence of a relation read by rules (default 0.6). */
  confidence?: number;
}

// Relative dates ("yesterday", "last month") would join unrelated memories;
// when a fact held is what validFrom records.
const LINKED_TYPES = new Set<GraphEntityType>(['person', 'place', 'organization', 'thing', 'other']);
const MAX_CONCEPT_WORDS = 4;

// The object of "User works at Globex in Porto" is the entity it names
// (Globex); a short unnamed object ("pottery") becomes a concept; a long
// clause is too vague to be a node.
function objectEntity(object: string, named: EntityInput[]): EntityInput | undefined {
  const lower = object.toLowerCase();
  const inside = named.find((entity) => lower.includes(entity.name.toLowerCase()));
  if (inside) return inside;
  const words = object.replace(/^(?:a|an|the|my|his|her|their|our|some)\s+/i, '').trim();
  if (words === '' || words.split(/\s+/).length > MAX_CONCEPT_WORDS) return undefined;
  return { name: words, type: 'concept' };
}

function subjectEntity(subject: string, speaker: string | null): EntityInput {
  if (speaker && /^user\b/.test(subject)) return { name: subject.replace(/^user/, speaker), type: subject === 'user' ? 'person' : 'concept' };
  return { name: subject, type: subject === 'user' ? 'person' : 'concept' };
}

/** A relation from a fact; a negated non-preference fact ("no longer lives in") closes rather than adds. */
export function relationFromFact(fact: FactStructure, named: EntityInput[], speaker: string | null, confidence: number): RelationInput | undefined {
  const object = objectEntity(fact.object, named);
  if (object === undefined || fact.predicate === '') return undefined;
  const negated = fact.polarity === 'negative' && predicateFamily(fact.predicate) !== 'preference';
  return { subject: subjectEntity(fact.subject, speaker), predicate: fact.predicate, object, confidence, negated };
}

/**
 * A relation read from what was said. Typed by the recognisers when they named the
 * object; a name they missed is 'other', a thing a concept (at most four words).
 */
export function relationFromSentence(relation: ExtractedRelation, named: EntityInput[], confidence: number): RelationInput | undefined {
  const lower = relation.object.toLowerCase();
  const recognised = named.find((entity) => entity.name.toLowerCase() === lower);
  const object: EntityInput = recognised ?? { name: relation.object, type: relation.objectIsName ? 'other' : 'concept' };
  const subjectKnown = named.find((entity) => entity.name.toLowerCase() === relation.subject.toLowerCase());
  const subject: EntityInput = subjectKnown ?? { name: relation.subject, type: relation.subjectIsPerson ? 'person' : 'concept' };
  return {
    subject,
    predicate: relation.predicate,
    object,
    confidence,
    negated: relation.negated,
    ...(relation.validFrom === undefined ? {} : { validFrom: relation.validFrom }),
  };
}

/**
 * Reads entities and relations out of memories without an LLM: named entities
 * from compromise and wink-nlp, relations from the sentences themselves
 * (`relation-extraction.ts`: "I"/"we" the speaker, "she" the person named before,
 * the verb and its object, a date as when it began; a fact memory is parsed with
 * the fact rules), the
 * speaker of a transcript line as a person who took part.
 *
 * @example
 * const extractor = createOfflineGraphExtractor();
 * const [extraction] = await extractor.extract([memory]); // memory.content: 'I moved to Lisbon in May.'
 * extraction.relations[0]; // { subject: { name: 'user' }, predicate: 'lives_in', object: { name: 'Lisbon', type: 'place' }, ... }
 */
export function createOfflineGraphExtractor(options: OfflineGraphExtractorOptions = {}): GraphExtractor {
  const confidence = options.confidence ?? 0.6;
  return {
    name: 'offline',
    async extract(memories) {
      return memories.map((memory): MemoryExtraction => {
        const { speaker, text } = speakerOf(memory);
        const named: EntityInput[] = extractEntities(text)
          .filter((entity) => LINKED_TYPES.has(entity.type))
          .map((entity) => ({ name: entity.name, type: entity.type }));
        const entities = [...(speaker ? [{ name: speaker, type: 'person' as const }] : []), ...named];
        const concepts = options.conceptKeywords ? extractKeywords(text, options.conceptKeywords) : [];
        for (const keyword of concepts) entities.push({ name: keyword, type: 'concept' });
        // A fact memory is written in the facts' own form ("User lives in Lisbon"); anything else is read as said.
        const relations =
          options.relations === false
            ? []
            : memory.kind === 'fact'
              ? [relationFromFact(parseFact(text), named, speaker, confidence)].flatMap((relation) => relation ?? [])
              : extractRelations(text, { speaker, at: memory.timestamp }).flatMap((relation) => relationFromSentence(relation, named, confidence) ?? []);
        return { memoryId: memory.id, timestamp: memory.timestamp, entities, relations };
      });
    },
  };
}
