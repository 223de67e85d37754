import { z } from 'zod';
import { parseWith } from '../config/parse.ts';
import { hashContent } from '../core/content-hash.ts';
import { buildSearchableContent } from '../core/searchable-content.ts';
import { hasVisibleText, storableText } from '../core/stored-text.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { requireEngine } from '../memory/backend-capability.ts';
import { embedWithCache } from '../memory/embedding-cache.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { ExperienceInput, MemoryType } from '../spec/memory-record.ts';
import type { FactClassifier } from './fact-classifier.ts';
import type { CandidateFact, FactExtractor } from './fact-extractor.ts';
import { summarizeFacts, type RememberedFact } from './fact-summary.ts';
import { findSimilarFacts, recognizeFact } from './recognize-fact.ts';
import type { SimilarityBands } from './similarity-bands.ts';

/** Facts are stored as observations: what is embedded for them is "<fact>\n(observation)". */
export const FACT_TYPE: MemoryType = 'observation';

export interface RememberFactsDependencies {
  memory: Hippocampus;
  extractor: FactExtractor;
  classifier: FactClassifier;
  bands: SimilarityBands;
}

export interface RememberFactsResult {
  /** "Learned 2 facts: 1 new (café on Sukhumvit), 1 updated (Redux — reinforced dislike, …)". */
  summary: string;
  facts: RememberedFact[];
}

// A stated fact is worth keeping at least as much as the middle of the scale,
// more when it was said with conviction.
const importanceOf = (intensity: number) => Math.max(0.5, intensity);

// `sourceHash` is the hash of the text the fact was extracted from: forgetting a
// memory that holds that text forgets the fact with it (src/memory/forgetting.ts).
function factInput(candidate: CandidateFact, sourceHash: string): ExperienceInput {
  return { type: FACT_TYPE, kind: 'fact', content: candidate.fact, intensity: candidate.intensity, importance: importanceOf(candidate.intensity), source: 'remember_facts', context: { sourceHash } };
}

async function embedFacts(memory: Hippocampus, facts: readonly CandidateFact[]): Promise<(Float32Array | null)[]> {
  if (memory.embedder === null) return facts.map(() => null);
  // Embedded exactly as the engine embeds a stored fact, so similarities compare like with like.
  const texts = facts.map((candidate) => buildSearchableContent({ content: candidate.fact, type: FACT_TYPE, domain: null, tags: [] }));
  return (await embedWithCache(memory.embedder, undefined, texts)).embeddings;
}

/**
 * The remember_facts pipeline: extract facts → embed → recognise each against
 * the stored facts → insert (new), reinforce (duplicate: moving-average
 * intensity) or supersede (updated). Facts are handled in order, so a message
 * that states the same thing twice reinforces its own first statement.
 *
 * @example
 * const result = await rememberFacts({ memory, extractor: createOfflineFactExtractor(), classifier: createRuleFactClassifier(), bands: bandsFor(memory.embedder) },
 *   'I NEVER want to use Redux again, it was a nightmare. Oh and I tried that new café on Sukhumvit.');
 * result.summary // 'Learned 2 facts: 2 new (Redux; café on Sukhumvit)'
 */
export async function rememberFacts(deps: RememberFactsDependencies, text: string): Promise<RememberFactsResult> {
  // From JavaScript: the engine itself, or one not awaited, in place of { memory, … } threw a TypeError from inside.
  const memory = requireEngine(deps?.memory, 'rememberFacts');
  for (const [part, method] of [['extractor', 'extract'], ['classifier', 'classify']] as const) {
    if (typeof (deps[part] as unknown as Record<string, unknown> | undefined)?.[method] !== 'function') {
      throw new HippocampusError({ code: 'CONFIG_ERROR', message: `rememberFacts needs { memory, extractor, classifier, bands }: ${part} has no ${method}() (e.g. createOfflineFactExtractor(), createRuleFactClassifier())` });
    }
  }
  parseWith(z.string().refine(hasVisibleText, 'must not be empty'), text, 'rememberFacts text');
  // The text as a memory of it is stored (storableText: no U+0000): its hash is the one the raw memory's forget
  // looks for (with a U+0000 the facts kept another hash and outlived it), and no fact or summary holds one.
  const said = storableText(text);
  const candidates = await deps.extractor.extract(said);
  const sourceHash = hashContent(said);
  const vectors = await embedFacts(memory, candidates);
  const facts: RememberedFact[] = [];
  for (const [index, candidate] of candidates.entries()) {
    const similar = await findSimilarFacts(memory, candidate.fact, vectors[index] ?? null);
    const recognition = await recognizeFact(deps, candidate.fact, similar);
    if (recognition.outcome === 'new') {
      const [stored] = await memory.rememberMany([factInput(candidate, sourceHash)], { longTerm: true });
      const record = stored!.memory;
      facts.push({ ...candidate, outcome: 'new', memoryId: record.id, runningIntensity: record.runningIntensity, previous: null, similarity: recognition.nearest?.similarity ?? null, decidedBy: null });
      continue;
    }
    const { record: existing, similarity } = recognition.existing;
    const previous = { id: existing.id, content: existing.content };
    if (recognition.outcome === 'duplicate') {
      const reinforced = await memory.reinforce(existing.id, { intensity: candidate.intensity, importance: importanceOf(candidate.intensity) });
      facts.push({ ...candidate, outcome: 'reinforced', memoryId: existing.id, runningIntensity: reinforced.runningIntensity, previous, similarity, decidedBy: recognition.decidedBy });
    } else {
      const created = await memory.supersede(existing.id, factInput(candidate, sourceHash));
      facts.push({ ...candidate, outcome: 'superseded', memoryId: created.id, runningIntensity: created.runningIntensity, previous, similarity, decidedBy: recognition.decidedBy });
    }
  }
  return { summary: summarizeFacts(facts), facts };
}
