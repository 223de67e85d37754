// The package's public API. Named exports only: every line here is a promise to users.
// More capabilities live behind subpaths (hippocampus/tools, hippocampus/live, hippocampus/layers), and
// optional backends too, so this entry never loads them:
//   hippocampus/stores/redis            (ioredis)
//   hippocampus/providers/transformers  (@huggingface/transformers, onnxruntime)

// The engine
export { createHippocampus, Hippocampus, type HippocampusOptions, type RememberResult, type ConsolidationReport, type EngineStatistics } from './memory/hippocampus.ts';
export type { RecallResult } from './memory/relevant-recall.ts';
export type { SimilarMemory, ClusterMember } from './memory/memory-exploration.ts';
export { createEmbeddingCache, embedWithCache, type EmbeddingCache } from './memory/embedding-cache.ts';

// The memory model
export { calculateImportance, TYPE_BASE_IMPORTANCE, type ImportanceBreakdown } from './core/importance.ts';
export { effectiveStrength, decayResistance, halfLifeDays, reinforce, DEFAULT_DECAY_RATE, FORGOTTEN_BELOW } from './core/strength.ts';
export { liveScore, liveTier, reinforcedScore, DAILY_RETENTION, REINFORCEMENT_GAIN } from './core/live-score.ts';
export { tierOf, TIER_THRESHOLDS, type MemoryTier } from './core/tiers.ts';
export { DEFAULT_RECALL_WEIGHTS, type RecallWeights, type RecallSignals, type RecallExplanation, type RecallMode } from './core/recall-scoring.ts';
export { parseFilter } from './core/filter-language.ts';
export { formatMemoriesForPrompt, timeAgo } from './core/prompt-format.ts';
export { buildSearchableContent } from './core/searchable-content.ts';
export { hashContent, normalizeContent } from './core/content-hash.ts';
export { systemClock, createManualClock } from './core/system-clock.ts';

// Contracts
export { MEMORY_TYPES, MEMORY_KINDS, type MemoryType, type MemoryKind, type MemoryRecord, type MemoryContext, type ExperienceInput } from './spec/memory-record.ts';
export type { MemoryStore, MemoryQuery, AgentScope, MemoryHistoryEvent, StoreStatistics } from './spec/memory-store.ts';
export type { MemoryBackend } from './spec/memory-backend.ts';
export type { DatabaseMaintenance, AgentHealth, RecoveryReport } from './spec/database-maintenance.ts';
export type { VectorIndex, KeywordIndex, EmbeddingModelInfo } from './spec/search-index.ts';
export type { Embedder } from './spec/embedder.ts';
export type { LlmClient, LlmMessage, LlmGenerateInput, LlmGenerateResult } from './spec/llm-client.ts';
export type { Clock, IdGenerator } from './spec/clock.ts';
export type { MemoryEvent } from './spec/memory-event.ts';
export type { FilterCondition } from './spec/memory-filter.ts';
export type { WorkingMemoryStore, WorkingConversation } from './spec/working-memory-store.ts';
export type { MemoryBlock, MemoryBlockStore } from './spec/block-store.ts';

// Errors
export { HippocampusError, ValidationError, NotFoundError, StoreError, ProviderError, ERROR_CODES, type ErrorCode } from './errors/index.ts';

// Storage
export { createSqliteBackend, createSqliteConnectionPool, type SqliteBackend } from './stores/sqlite/index.ts';

// Providers
export { createUseLiteEmbedder, createOpenAICompatibleEmbedder, createOpenAICompatibleChat, createAnthropicChat, generateJson } from './providers/index.ts';

// Agent tools, MCP, HTTP
export {
  createHippoTools,
  openHippoTools,
  toAiSdkTools,
  toOpenAITools,
  toAnthropicTools,
  toAgentTools,
  runOpenAIToolCall,
  runAnthropicToolUse,
  type HippoTool,
  type HippoToolsOptions,
} from './tools/index.ts';
export { createMcpServer, serveMcpHttp, serveMcpStdio } from './mcp/index.ts';
export { createHttpApp } from './server/create-http-app.ts';
export { startServer } from './server/serve.ts';
export { createMessagesTable, searchConversation } from './conversations/index.ts';

// Facts and forgetting by description (the pipelines behind remember_facts and forget_memory)
export { rememberFacts, type RememberFactsResult } from './facts/remember-facts.ts';
export { createOfflineFactExtractor } from './facts/offline-fact-extractor.ts';
export { createLlmFactExtractor } from './facts/llm-fact-extractor.ts';
export { forgetByDescription, type ForgetReport, type ForgetJudgeReport } from './forget/forget-by-description.ts';
export { resolveUseLiteRuntime } from './providers/use-lite/use-lite-runtime.ts';

// Working memory (in process; Redis at hippocampus/stores/redis)
export { createInProcessWorkingMemory } from './working/in-process-store.ts';
export { describeConversation } from './working/conversation-features.ts';
