import { extractFactsOfflineInTurns } from '../nlp/fact-extraction.ts';
import type { FactExtractor } from './fact-extractor.ts';

/**
 * Extraction without an LLM: sentence splitting, first-person statements
 * turned into third-person facts, intensity from the signal lexicon (see src/nlp). Long text is read in pieces,
 * the event loop getting a turn between them (extractFactsOfflineInTurns).
 *
 * @example
 * await createOfflineFactExtractor().extract('I NEVER want to use Redux again, it was a nightmare.')
 * // [{ fact: 'User strongly dislikes Redux', intensity: 0.85 }]
 */
export function createOfflineFactExtractor(): FactExtractor {
  return {
    kind: 'offline',
    async extract(text) {
      return (await extractFactsOfflineInTurns(text)).map((found) => ({ fact: found.fact, intensity: found.intensity }));
    },
  };
}
