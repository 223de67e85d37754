import { z } from 'zod';
import { parseWith } from '../config/parse.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { hashContent } from '../core/content-hash.ts';
import { storableText } from '../core/stored-text.ts';
import { applyCandidate } from './apply-candidate.ts';
import { defaultMatchThreshold } from './candidate-matcher.ts';
import type { ConversationMessage, ConversationSource, SourcePosition, SourceProblem } from './conversation-source.ts';
import type { LiveAnalyzer } from './live-candidate.ts';
import { createOfflineAnalyzer } from './offline-analyzer.ts';
import { documentedRole } from './transcript-line.ts';
import { backendCapability, requireEngine } from '../memory/backend-capability.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';

/** Ten minutes: the default period of the watcher. */
export const DEFAULT_WATCH_INTERVAL_MS = 10 * 60 * 1000;
/** A batch is analysed and written in one transaction; 10,000 messages is already hours of a busy chat. */
export const MAX_WATCH_BATCH = 10_000;

/**
 * The watcher's numbers, checked before it runs: a batch of 0 or -1 read nothing and said nothing, and an
 * interval of 0, a negative one or one past setInterval's 2^31 - 1 ms (Infinity included) polled without pause.
 */
const watcherNumbersSchema = z.object({
  batchSize: z.number().int().min(1).max(MAX_WATCH_BATCH).optional(),
  intervalMs: z.number().positive().max(2 ** 31 - 1).optional(),
  matchThreshold: z.number().min(0).max(1).optional(),
});

export interface LiveWatcherOptions {
  /** An engine of its own: the batch transaction spans this engine's connection. */
  memory: Hippocampus;
  source: ConversationSource;
  /** Offline heuristics by default; createLlmAnalyzer for one LLM call per batch. */
  analyzer?: LiveAnalyzer;
  /** Messages per batch (one transaction, one LLM call). Default 50. */
  batchSize?: number;
  intervalMs?: number;
  /** Cosine similarity at which a candidate reinforces an existing memory. Default: the embedder's duplicate band. */
  matchThreshold?: number;
  onEvent?: (event: LiveWatcherEvent) => void;
}

export interface BatchReport {
  sourceId: string;
  messages: number;
  candidates: number;
  created: string[];
  reinforced: string[];
  problems: SourceProblem[];
  reset?: 'rotated' | 'truncated' | 'rewritten';
  analyzeMs: number;
  writeMs: number;
}

/**
 * How much of one message the analyzer reads. The offline analyzer took 6 s for a 16,000-character
 * message and 38 s for 256,000 on this 2-core machine (a pasted document, a log), and a 5 MB row used to
 * stop the watcher for good; what a person would remember of a message that long is in its head.
 */
export const MAX_ANALYZED_CHARACTERS = 16_000;

function headOf(message: ConversationMessage, onLong: (characters: number) => void): ConversationMessage {
  if (message.content.length <= MAX_ANALYZED_CHARACTERS) return message;
  onLong(message.content.length);
  return { ...message, content: message.content.slice(0, MAX_ANALYZED_CHARACTERS) };
}

export type LiveWatcherEvent =
  | { type: 'problem'; sourceId: string; line: number; message: string; readPast?: true }
  | { type: 'reset'; sourceId: string; reason: 'rotated' | 'truncated' | 'rewritten' }
  | { type: 'batch-start'; sourceId: string; messages: number }
  /** A message longer than MAX_ANALYZED_CHARACTERS: only its head was analyzed. */
  | { type: 'long-message'; sourceId: string; messageId: string; characters: number }
  | { type: 'batch'; report: BatchReport }
  | { type: 'error'; error: Error };

export interface LiveWatcher {
  /** Reads, analyzes and commits one batch; null when there was nothing new. */
  pollBatch(): Promise<BatchReport | null>;
  /** Batches until the source is caught up (`--once`). */
  runOnce(): Promise<BatchReport[]>;
  /** Background loop: every `intervalMs`, or following the source as it grows. Timers are unref'd. */
  start(mode?: 'interval' | 'follow'): void;
  /** Stops the loop and waits for a batch in flight. */
  stop(): Promise<void>;
}

function samePosition(left: SourcePosition | null, right: SourcePosition): boolean {
  const a = left ?? { offset: 0, line: 0, lastMessageId: null, lastLineHash: null };
  return a.offset === right.offset && a.line === right.line && a.lastMessageId === right.lastMessageId && a.lastLineHash === right.lastLineHash;
}

/**
 * The live hippocampus: watches a conversation from the side and turns it into
 * weighted long-term memories. Each message is analyzed exactly once: the
 * memories of a batch and the source watermark commit in one transaction.
 *
 * @example
 * const memory = await createHippocampus({ agentId: 'ada' });
 * const watcher = createLiveWatcher({ memory, source: createTranscriptSource({ file: 'chat.jsonl' }) });
 * watcher.start();               // every 10 minutes, never blocking the host
 * await watcher.runOnce();       // or: catch up now
 */
export function createLiveWatcher(options: LiveWatcherOptions): LiveWatcher {
  const memory = requireEngine(options?.memory, 'createLiveWatcher');
  const { source } = options;
  if (typeof source?.read !== 'function') throw new HippocampusError({ code: 'CONFIG_ERROR', message: 'createLiveWatcher needs a `source` (createTranscriptSource, createStoredMessagesSource, …)' });
  parseWith(watcherNumbersSchema, { batchSize: options.batchSize, intervalMs: options.intervalMs, matchThreshold: options.matchThreshold }, 'createLiveWatcher options');
  const analyzer = options.analyzer ?? createOfflineAnalyzer();
  const batchSize = options.batchSize ?? 50;
  const intervalMs = options.intervalMs ?? DEFAULT_WATCH_INTERVAL_MS;
  const threshold = options.matchThreshold ?? defaultMatchThreshold(memory);
  const emit = (event: LiveWatcherEvent) => options.onEvent?.(event);
  // The memories of a batch and the source's watermark commit together: each message is analyzed once.
  const atomically = backendCapability(memory.backend, 'atomically', 'The live watcher');
  const watermarks = backendCapability(memory.backend, 'watermarks', 'The live watcher');
  const scope = { agentId: memory.agentId };
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;

  async function pollBatch(): Promise<BatchReport | null> {
    const from = await watermarks.load(scope, source.id);
    const batch = await source.read(from, { maxMessages: batchSize });
    for (const problem of batch.problems) emit({ type: 'problem', sourceId: source.id, ...problem });
    if (batch.reset) emit({ type: 'reset', sourceId: source.id, reason: batch.reset });
    if (batch.messages.length === 0 && samePosition(from, batch.next)) return null;
    emit({ type: 'batch-start', sourceId: source.id, messages: batch.messages.length });
    const analyzeStarted = performance.now();
    // Analysis (possibly an LLM call) happens before the transaction, so the write lock is held only for the writes.
    const analyzed = batch.messages.map((message) => headOf(message, (characters) => emit({ type: 'long-message', sourceId: source.id, messageId: message.id, characters })));
    const candidates = analyzed.length > 0 ? await analyzer.analyze(analyzed) : [];
    const writeStarted = performance.now();
    const report: BatchReport = { sourceId: source.id, messages: batch.messages.length, candidates: candidates.length, created: [], reinforced: [], problems: batch.problems, analyzeMs: writeStarted - analyzeStarted, writeMs: 0 };
    if (batch.reset) report.reset = batch.reset;
    // The engine's backend holds its other writers meanwhile (holdBackendWrites): one running in a gap of this
    // transaction would commit or roll back with it.
    const committed = await atomically(scope, async () => {
      // Another watcher on the same source may have committed this batch meanwhile: then it is theirs.
      const current = await watermarks.load(scope, source.id);
      if ((current === null) !== (from === null) || (current !== null && !samePosition(from, current))) return false;
      // Each memory records the hash of the message it came from: forgetting a memory holding that text takes it along.
      const messageOf = new Map(batch.messages.map((message) => [message.id, message]));
      for (const candidate of candidates) {
        const message = messageOf.get(candidate.messageId);
        // A person named in a multi-party transcript is who said it: the speaker signal of recall reads it.
        const speaker = message === undefined || documentedRole(message.role, { aliases: false }) !== null ? {} : { speaker: message.role };
        const outcome = await applyCandidate(memory, candidate, { sourceId: source.id, threshold, ...(message === undefined ? {} : { sourceHash: hashContent(storableText(message.content)) }), ...speaker });
        (outcome.action === 'created' ? report.created : report.reinforced).push(outcome.id);
      }
      await watermarks.save(scope, source.id, batch.next, memory.clock.now());
      return true;
    });
    report.writeMs = performance.now() - writeStarted;
    if (!committed) return null;
    emit({ type: 'batch', report });
    return report;
  }

  async function runOnce(): Promise<BatchReport[]> {
    const reports: BatchReport[] = [];
    for (;;) {
      const report = await pollBatch();
      if (report === null) return reports;
      reports.push(report);
      if (stopped) return reports;
    }
  }

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error: unknown) => emit({ type: 'error', error: error instanceof Error ? error : new Error(String(error)) }))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  return {
    pollBatch,
    runOnce,
    start(mode = 'interval') {
      if (timer || stopped) return;
      timer = setInterval(tick, mode === 'follow' ? Math.min(intervalMs, 1000) : intervalMs);
      timer.unref();
      if (mode === 'follow' && source.subscribe) unsubscribe = source.subscribe(tick);
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      unsubscribe?.();
      await running;
    },
  };
}
