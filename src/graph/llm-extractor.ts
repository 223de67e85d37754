import { z } from 'zod';
import { generateJson } from '../providers/generate-json.ts';
import type { GraphEntityType, MemoryExtraction } from '../spec/knowledge-graph.ts';
import type { LlmClient } from '../spec/llm-client.ts';
import type { GraphExtractor } from './graph-extractor.ts';

const ENTITY_TYPES = ['person', 'place', 'organization', 'thing', 'concept', 'other'] as const satisfies readonly GraphEntityType[];
const entitySchema = z.object({ name: z.string().min(1).max(200), type: z.enum(ENTITY_TYPES) }).strict();

export const graphExtractionSchema = z
  .object({
    memories: z
      .array(
        z
          .object({
            index: z.number().int().min(0),
            entities: z.array(entitySchema).max(40),
            relations: z
              .array(
                z
                  .object({
                    subject: entitySchema,
                    predicate: z.string().min(1).max(60),
                    object: entitySchema,
                    negated: z.boolean(),
                    confidence: z.number().min(0).max(1),
                  })
                  .strict(),
              )
              .max(40),
          })
          .strict(),
      )
      .max(200),
  })
  .strict();

const SYSTEM_PROMPT = `You build a knowledge graph from an agent's memories.
For each numbered memory list the named entities it mentions (people, places, organizations, things, concepts) and the relations it states between them.
A relation is subject, predicate, object; the predicate is a short snake_case verb phrase in the third person ("lives_in", "works_at", "sister_of").
The speaker of a first-person statement is the entity "user" unless the memory names the speaker.
Set negated=true when the memory says a relation no longer holds ("I don't live in Berlin any more").
Confidence 0..1: how clearly the memory states the relation.
Answer with JSON only: {"memories":[{"index":0,"entities":[...],"relations":[...]}]}`;

/**
 * Extraction by an LLM: one call per batch of memories with a JSON-schema'd
 * answer, validated and repaired once (generateJson). Memories the answer
 * leaves out get no entities rather than a second call.
 *
 * @example
 * const extractor = createLlmGraphExtractor({ llm: createOpenAICompatibleChat({ baseURL, model: 'gpt-4o-mini' }) });
 * const extractions = await extractor.extract(memories);
 */
export function createLlmGraphExtractor(options: { llm: LlmClient; batchSize?: number }): GraphExtractor {
  const batchSize = options.batchSize ?? 20;
  return {
    name: `llm:${options.llm.provider}/${options.llm.modelId}`,
    async extract(memories) {
      const extractions: MemoryExtraction[] = [];
      for (let start = 0; start < memories.length; start += batchSize) {
        const batch = memories.slice(start, start + batchSize);
        const { value } = await generateJson({
          llm: options.llm,
          name: 'graph_extraction',
          schema: graphExtractionSchema,
          temperature: 0,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: batch.map((memory, index) => `[${index}] ${memory.content}`).join('\n') },
          ],
        });
        const byIndex = new Map(value.memories.map((entry) => [entry.index, entry]));
        batch.forEach((memory, index) => {
          const found = byIndex.get(index);
          extractions.push({
            memoryId: memory.id,
            timestamp: memory.timestamp,
            entities: found?.entities ?? [],
            relations: (found?.relations ?? []).map((relation) => ({ ...relation })),
          });
        });
      }
      return extractions;
    },
  };
}
