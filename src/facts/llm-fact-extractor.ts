import { z } from 'zod';
import { generateJson } from '../providers/generate-json.ts';
import type { LlmClient } from '../spec/llm-client.ts';
import type { FactExtractor } from './fact-extractor.ts';

export const extractedFactsSchema = z
  .object({
    facts: z
      .array(z.object({ fact: z.string().min(1).max(500), intensity: z.number().min(0).max(1) }).strict())
      .max(50),
  })
  .strict();

// The calibration is spelled out because models otherwise rate everything 0.7.
const SYSTEM_PROMPT = `You extract durable facts about the user from a message, for a long-term memory.
Write each fact in the third person about "User", one statement each ("User lives in Lisbon", "User strongly dislikes Redux").
Skip questions, greetings, thanks and small talk. No facts → an empty list.
Rate each fact's intensity 0..1, how strongly it is held:
- casual aside: 0.1–0.2
- clear mild opinion: 0.3–0.5
- strong conviction or emotional charge: 0.6–0.8
- sustained, identity-level: 0.85–1.0
Signals that raise it: emotional charge, consequence language, absolute words (never, always), time or effort invested, identity statements, an explicit "remember this", repetition, reversal of a prior position.
Answer with JSON only: {"facts":[{"fact":"...","intensity":0.5}]}`;

/**
 * Extraction by an LLM with a JSON-schema'd answer, validated, repaired once
 * (generateJson): exactly one call per message, two when the answer needed repair.
 *
 * @example
 * const extractor = createLlmFactExtractor({ llm: createOpenAICompatibleChat({ baseURL, model: 'gpt-4o-mini' }) });
 * await extractor.extract('I moved to Lisbon last spring.') // [{ fact: 'User lives in Lisbon', intensity: 0.6 }]
 */
export function createLlmFactExtractor(options: { llm: LlmClient }): FactExtractor {
  return {
    kind: 'llm',
    async extract(text) {
      const { value } = await generateJson({
        llm: options.llm,
        name: 'extracted_facts',
        schema: extractedFactsSchema,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: text },
        ],
      });
      return value.facts.map((found) => ({ fact: found.fact.trim(), intensity: found.intensity })).filter((found) => found.fact.length > 0);
    },
  };
}
