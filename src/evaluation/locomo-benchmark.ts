import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecallRelevantOptionsInput } from '../config/recall-relevant-schema.ts';
import { createHippocampus, type HippocampusOptions } from '../memory/hippocampus.ts';
import { loadLocomoDirectory } from './locomo-dataset.ts';

export const RECALL_KS = [1, 3, 5, 10, 20] as const;

export interface LocomoReport {
  questions: number;
  recall: Record<string, number>;
  byCategory: Record<string, { questions: number; recall: Record<string, number> }>;
  ingestMsPerTurn: number;
  recallP50Ms: number;
  recallP95Ms: number;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The retrieval benchmark: every conversation into a fresh agent through the
 * public API, every category 1–4 question answered with the default
 * `recallRelevant`, recall@k = share of the evidence turns in the top k.
 */
export async function runLocomoBenchmark(options: {
  dataDirectory: string;
  engine?: Partial<HippocampusOptions>;
  recall?: RecallRelevantOptionsInput;
  /** Only these conversations (file names without .json); all when absent. */
  only?: string[];
  onProgress?: (message: string) => void;
}): Promise<LocomoReport> {
  const conversations = loadLocomoDirectory(options.dataDirectory).filter((conversation) => options.only === undefined || options.only.includes(conversation.name));
  // A shared store (PostgreSQL) outlives the run: agents of their own, emptied at the end.
  const run = Date.now().toString(36);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-locomo-'));
  const sums = new Map<string, { questions: number; hits: number[] }>();
  const latencies: number[] = [];
  let ingestMs = 0;
  let turns = 0;
  try {
    for (const conversation of conversations) {
      const memory = await createHippocampus({ home, agentId: `locomo-${conversation.name}-${run}`, ...options.engine });
      const started = performance.now();
      for (let start = 0; start < conversation.turns.length; start += 256) await memory.rememberMany(conversation.turns.slice(start, start + 256), { longTerm: true });
      ingestMs += performance.now() - started;
      turns += conversation.turns.length;
      options.onProgress?.(`${conversation.name}: ${conversation.turns.length} turns ingested, ${conversation.questions.length} questions`);
      for (const question of conversation.questions) {
        const asked = performance.now();
        const results = await memory.recallRelevant(question.question, { limit: 20, ...options.recall });
        latencies.push(performance.now() - asked);
        const ranked = results.map((result) => String(result.memory.context.diaId));
        const hits = RECALL_KS.map((k) => question.evidence.filter((id) => ranked.slice(0, k).includes(id)).length / question.evidence.length);
        for (const key of ['all', String(question.category)]) {
          const sum = sums.get(key) ?? { questions: 0, hits: RECALL_KS.map(() => 0) };
          sum.questions += 1;
          hits.forEach((value, index) => (sum.hits[index]! += value));
          sums.set(key, sum);
        }
      }
      const scope = { agentId: memory.agentId };
      if (memory.store.dialect !== 'sqlite') await memory.store.deleteMany(scope, (await memory.store.query(scope, { includeSuperseded: true, orderBy: 'none' })).map((record) => record.id));
      await memory.stop();
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
  const recallOf = (key: string) => {
    const sum = sums.get(key) ?? { questions: 0, hits: RECALL_KS.map(() => 0) };
    return Object.fromEntries(RECALL_KS.map((k, index) => [String(k), round(sum.hits[index]! / Math.max(1, sum.questions))]));
  };
  const byCategory = Object.fromEntries(
    [...sums.keys()].filter((key) => key !== 'all').sort().map((key) => [key, { questions: sums.get(key)!.questions, recall: recallOf(key) }]),
  );
  return {
    questions: sums.get('all')?.questions ?? 0,
    recall: recallOf('all'),
    byCategory,
    ingestMsPerTurn: round(ingestMs / Math.max(1, turns)),
    recallP50Ms: round(percentile(latencies, 50)),
    recallP95Ms: round(percentile(latencies, 95)),
  };
}
