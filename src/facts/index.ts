// Fact memory: extraction, recognition and the remember_facts pipeline. Named exports only.
export type { CandidateFact, FactExtractor } from './fact-extractor.ts';
export { createOfflineFactExtractor } from './offline-fact-extractor.ts';
export { createLlmFactExtractor, extractedFactsSchema } from './llm-fact-extractor.ts';
export { createRuleFactClassifier, createLlmFactClassifier, classifyByRules, type FactClassifier, type FactVerdict } from './fact-classifier.ts';
export { SIMILARITY_BANDS, FALLBACK_BANDS, bandsFor, bandOf, type SimilarityBands } from './similarity-bands.ts';
export { findSimilarFacts, recognizeFact, RECOGNITION_CANDIDATES, type Recognition, type SimilarFact } from './recognize-fact.ts';
export { rememberFacts, FACT_TYPE, type RememberFactsDependencies, type RememberFactsResult } from './remember-facts.ts';
export { summarizeFacts, factTopic, type RememberedFact } from './fact-summary.ts';
