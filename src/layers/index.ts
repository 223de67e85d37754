// hippocampus/layers: the memory layers beside long-term memory — working memory, the semantic
// knowledge graph, procedural skills, the router between them, and working → semantic consolidation.
// Named exports only; each is public API.
export { createInProcessWorkingMemory } from '../working/in-process-store.ts';
export { describeConversation, WORKING_MEMORY_LIMITS } from '../working/conversation-features.ts';
export { createKnowledgeGraph, type KnowledgeGraph, type KnowledgeGraphOptions } from '../graph/knowledge-graph.ts';
export { graphRecall, type GraphRecallOptions, type GraphRecallResult, type GraphRecallExplanation } from '../graph/graph-recall.ts';
export type { GraphExtractor } from '../graph/graph-extractor.ts';
export { createOfflineGraphExtractor } from '../graph/offline-extractor.ts';
export { createLlmGraphExtractor } from '../graph/llm-extractor.ts';
export { personalizedPageRank } from '../graph/personalized-pagerank.ts';
export { createSkillLibrary, SKILL_LIMITS, successRate, type SkillLibraryOptions } from '../skills/skill-library.ts';
export { createQueryRouter, type QueryRouter, type QueryRouterOptions, type RoutedAnswer, type MemoryLayer, type LayerConsulted } from '../router/query-router.ts';
export { consolidateWorkingMemory, type WorkingConsolidationOptions, type WorkingConsolidationReport } from './consolidate-working.ts';
export { scheduleWorkingConsolidation, nextConsolidationAt, DEFAULT_CONSOLIDATION_SCHEDULE, type ConsolidationSchedule, type WorkingConsolidationScheduler } from './consolidation-schedule.ts';
export { openAgentLayers, type AgentLayers } from './agent-layers.ts';
export { scheduleConsolidationService, parseConsolidationSchedule, type ConsolidationService, type ConsolidationServiceOptions, type ConsolidationPass } from './nightly-consolidation.ts';
