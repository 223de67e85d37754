// The offline language layer: no LLM, no network. Named exports only; every
// export here is public API.
export { extractEntities, type Entity, type EntityType } from './entities.ts';
export { extractKeywords, extractTopics } from './keywords.ts';
export { splitSentences } from './sentences.ts';
export { detectContentSignals, shoutedWords } from './content-signals.ts';
export { scoreIntensity, explainIntensity, type IntensityBreakdown, type IntensityContribution, type IntensityOptions } from './intensity.ts';
export { extractFactsOffline } from './fact-extraction.ts';
export { type ExtractedFact, type FactStructure, type FactPolarity } from './fact.ts';
export { classifyFactPair, normalizeObject, type FactRelation } from './fact-relation.ts';
export { parseFact } from './parse-fact.ts';
export { isSingleValued, predicateFamily } from './predicates.ts';
