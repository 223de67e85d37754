// hippocampus/live: the live hippocampus — conversation sources, the watcher, core memories, archival
// review and the human-readable mirror. Named exports only; each is public API.
export { createLiveWatcher, DEFAULT_WATCH_INTERVAL_MS, MAX_ANALYZED_CHARACTERS, type LiveWatcher, type LiveWatcherOptions, type LiveWatcherEvent, type BatchReport } from './live-watcher.ts';
export { startPosition, type ConversationSource, type ConversationMessage, type SourceBatch, type SourcePosition, type SourceProblem } from './conversation-source.ts';
export { createTranscriptSource } from './transcript-source.ts';
export { createPushedSource, type PushedSource } from './pushed-source.ts';
export { createMessagesTableSource, createStoredMessagesSource } from './messages-table-source.ts';
export { createOfflineAnalyzer } from './offline-analyzer.ts';
export { createLlmAnalyzer } from './llm-analyzer.ts';
export { LIVE_DOMAINS, type LiveDomain, type LiveCandidate, type LiveAnalyzer } from './live-candidate.ts';
export { loadCoreMemories, type CoreMemoryBlock } from './core-memories.ts';
export { listArchivalCandidates, resolveArchivalCandidates } from './archival-review.ts';
export { exportMirror } from './mirror-export.ts';
export { importMirror, readMirrorIndex, type MirrorImportReport } from './mirror-import.ts';
