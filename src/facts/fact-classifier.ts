import { z } from 'zod';
import { classifyFactPair, parseFact, type FactRelation } from '../nlp/index.ts';
import { generateJson } from '../providers/generate-json.ts';
import type { LlmClient } from '../spec/llm-client.ts';

/** The verdict on an incoming fact against the stored facts it resembles. */
export interface FactVerdict {
  relation: FactRelation;
  /** Index into the candidates of the stored fact it duplicates or supersedes; null when DISTINCT. */
  existing: number | null;
}

/**
 * Decides whether an incoming fact repeats, updates or is distinct from stored
 * ones. One call per incoming fact, however many candidates: an LLM classifier
 * makes exactly one request for it.
 */
export interface FactClassifier {
  readonly kind: 'rules' | 'llm';
  classify(incoming: string, candidates: readonly string[]): Promise<FactVerdict>;
}

/** The rule verdict on one pair (see classifyFactPair): free, so it may also guard the duplicate band. */
export function classifyByRules(existing: string, incoming: string): FactRelation {
  return classifyFactPair(parseFact(existing), parseFact(incoming));
}

/**
 * The offline classifier: the first candidate (most similar first) the rules
 * call SUPERSEDES or DUPLICATE decides; otherwise DISTINCT.
 *
 * @example
 * await createRuleFactClassifier().classify('User lives in Lisbon', ['User lives in Berlin']) // { relation: 'SUPERSEDES', existing: 0 }
 */
export function createRuleFactClassifier(): FactClassifier {
  return {
    kind: 'rules',
    async classify(incoming, candidates) {
      for (const [index, candidate] of candidates.entries()) {
        const relation = classifyByRules(candidate, incoming);
        if (relation !== 'DISTINCT') return { relation, existing: index };
      }
      return { relation: 'DISTINCT', existing: null };
    },
  };
}

const verdictSchema = z
  .object({ relation: z.enum(['DUPLICATE', 'SUPERSEDES', 'DISTINCT']), existing: z.number().int().min(0).nullable() })
  .strict();

const SYSTEM_PROMPT = `You compare a new fact about a user with facts already stored, and answer how the new one relates to them.
- DUPLICATE: it says the same thing as stored fact number N (other words, same meaning).
- SUPERSEDES: it replaces stored fact number N (a changed value such as a new city, or a reversed position such as likes → dislikes).
- DISTINCT: it is a different fact from all of them.
Answer with JSON only: {"relation":"DUPLICATE"|"SUPERSEDES"|"DISTINCT","existing":N or null}.`;

/**
 * Classification by an LLM, one JSON-schema'd request per incoming fact (plus
 * at most one repair). An answer naming a candidate that does not exist counts
 * as DISTINCT rather than touching an arbitrary fact.
 *
 * @example
 * const classifier = createLlmFactClassifier({ llm });
 * await classifier.classify('User moved to Lisbon', ['User lives in Berlin']) // { relation: 'SUPERSEDES', existing: 0 }
 */
export function createLlmFactClassifier(options: { llm: LlmClient }): FactClassifier {
  return {
    kind: 'llm',
    async classify(incoming, candidates) {
      if (candidates.length === 0) return { relation: 'DISTINCT', existing: null };
      const listed = candidates.map((candidate, index) => `${index}: ${candidate}`).join('\n');
      const { value } = await generateJson({
        llm: options.llm,
        name: 'fact_relation',
        schema: verdictSchema,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: `Stored facts:\n${listed}\n\nNew fact: ${incoming}` },
        ],
      });
      if (value.relation === 'DISTINCT' || value.existing === null || value.existing >= candidates.length) return { relation: 'DISTINCT', existing: null };
      return { relation: value.relation, existing: value.existing };
    },
  };
}
