import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isGreetingOnly } from '../nlp/chatter.ts';
import { mentionsOf } from '../live/apply-candidate.ts';
import { createLiveWatcher } from '../live/live-watcher.ts';
import { createTranscriptSource } from '../live/transcript-source.ts';
import { createHippocampus, type HippocampusOptions } from '../memory/hippocampus.ts';
import { locomoFiles, parseLocomoDate } from './locomo-dataset.ts';

// What the live watcher judges worth keeping, against what the dataset's annotators kept: each LoCoMo
// conversation becomes a transcript (speaker_a the user, speaker_b the assistant, session dates as
// times, image captions as "[shares …]"), the watcher ingests it as `watch --once` does, and a user turn
// is memorable when it is the evidence of a session observation. Observations are read only to label.

const turnSchema = z.object({ speaker: z.string(), dia_id: z.string(), text: z.string(), blip_caption: z.string().optional() }).passthrough();

export interface SalienceScores {
  /** ROC-AUC of the importance the watcher gave each user turn (max over the memories made from it, 0 when none). */
  auc: number;
  /**
   * The same with the turn a memory was made from credited with the memory's current importance (raised
   * since by any repeat), the way the benchmark scored before mentions carried their own importance.
   */
  storedImportanceAuc: number;
  /** ROC-AUC of the turn's text length, the trivial baseline, in the same run. */
  lengthAuc: number;
  userTurns: number;
  memorableTurns: number;
  /** Share of user turns that became at least one memory. */
  keptShare: number;
  /** Share of memorable user turns that became at least one memory. */
  memorableKeptShare: number;
  memoriesPerTurn: number;
  /** User turns that only greet, thank, acknowledge or ask back (isGreetingOnly, image captions aside). */
  greetingTurns: number;
  /** How many of those became a memory: the watcher should keep none. */
  greetingTurnsKept: number;
}

export interface SalienceReport extends SalienceScores {
  conversations: number;
  byConversation: Record<string, SalienceScores>;
}

/** One turn of a LoCoMo conversation as the salience benchmark replays it. */
export interface SalienceTurn {
  line: number;
  diaId: string;
  user: boolean;
  text: string;
  timestamp: number;
}

/** ROC-AUC by the Mann–Whitney U statistic, ties given their average rank (0.5 = chance). */
export function rocAuc(scores: number[], labels: boolean[]): number {
  const order = scores.map((score, index) => ({ score, label: labels[index]! })).sort((left, right) => left.score - right.score);
  let rankSumPositive = 0;
  let positives = 0;
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end < order.length && order[end]!.score === order[start]!.score) end += 1;
    const averageRank = (start + 1 + end) / 2;
    for (let index = start; index < end; index += 1) if (order[index]!.label) {
      rankSumPositive += averageRank;
      positives += 1;
    }
    start = end;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSumPositive - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** The turns of one LoCoMo file in transcript order, and the user turns the observations cite. */
export function readSalienceConversation(file: string): { turns: SalienceTurn[]; memorable: Set<string> } {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const user = String(raw.speaker_a);
  const sessions = Object.keys(raw)
    .map((key) => /^session_(\d+)$/.exec(key)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number)
    .sort((left, right) => left - right);
  const turns: SalienceTurn[] = [];
  const memorable = new Set<string>();
  for (const session of sessions) {
    const date = parseLocomoDate(String(raw[`session_${session}_date_time`]));
    z.array(turnSchema)
      .parse(raw[`session_${session}`])
      .forEach((turn, index) => {
        const caption = turn.blip_caption ? ` [shares ${turn.blip_caption}]` : '';
        turns.push({ line: turns.length + 1, diaId: turn.dia_id, user: turn.speaker === user, text: `${turn.text}${caption}`, timestamp: date + index * 1000 });
      });
    // Labels only: which turns the annotators' observations rest on.
    const observations = raw[`session_${session}_observation`] as Record<string, [string, string | string[]][]> | undefined;
    for (const entries of Object.values(observations ?? {})) {
      for (const [, evidence] of entries) for (const id of (Array.isArray(evidence) ? evidence : [evidence]).flatMap((entry) => String(entry).split(/[;,]/))) memorable.add(id.trim());
    }
  }
  return { turns, memorable };
}

function score(turns: SalienceTurn[], memorable: Set<string>, importanceByLine: Map<number, number>, storedByLine: Map<number, number>, memories: number): SalienceScores {
  const userTurns = turns.filter((turn) => turn.user);
  const labels = userTurns.map((turn) => memorable.has(turn.diaId));
  const importance = userTurns.map((turn) => importanceByLine.get(turn.line) ?? 0);
  const kept = userTurns.map((turn) => importanceByLine.has(turn.line));
  const memorableCount = labels.filter(Boolean).length;
  const greeting = userTurns.map((turn) => isGreetingOnly(turn.text.replace(/\s*\[shares [^\]]*\]$/, '')));
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return {
    auc: round(rocAuc(importance, labels)),
    storedImportanceAuc: round(rocAuc(userTurns.map((turn) => storedByLine.get(turn.line) ?? 0), labels)),
    lengthAuc: round(rocAuc(userTurns.map((turn) => turn.text.length), labels)),
    userTurns: userTurns.length,
    memorableTurns: memorableCount,
    keptShare: round(kept.filter(Boolean).length / userTurns.length),
    memorableKeptShare: round(kept.filter((value, index) => value && labels[index]).length / Math.max(1, memorableCount)),
    memoriesPerTurn: round(memories / userTurns.length),
    greetingTurns: greeting.filter(Boolean).length,
    greetingTurnsKept: greeting.filter((value, index) => value && kept[index]).length,
  };
}

/**
 * `hippocampus bench salience --data DIR`: per conversation and over all user turns, how well the
 * watcher's importance ranks what annotators found memorable, against text length in the same run.
 */
export async function runSalienceBenchmark(options: { dataDirectory: string; engine?: Partial<HippocampusOptions>; onProgress?: (message: string) => void }): Promise<SalienceReport> {
  const files = locomoFiles(options.dataDirectory).map((file) => path.basename(file));
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-salience-'));
  const byConversation: Record<string, SalienceScores> = {};
  const all = { turns: [] as SalienceTurn[], memorable: new Set<string>(), importance: new Map<number, number>(), stored: new Map<number, number>(), memories: 0 };
  try {
    for (const name of files) {
      const conversation = name.replace(/\.json$/, '');
      const { turns, memorable } = readSalienceConversation(path.join(options.dataDirectory, name));
      const transcript = path.join(home, `${conversation}.jsonl`);
      fs.writeFileSync(transcript, turns.map((turn) => JSON.stringify({ role: turn.user ? 'user' : 'assistant', content: turn.text, timestamp: turn.timestamp })).join('\n') + '\n');
      const memory = await createHippocampus({ home, agentId: `salience-${conversation}`, ...options.engine });
      try {
        await createLiveWatcher({ memory, source: createTranscriptSource({ file: transcript }) }).runOnce();
        // Provenance: a memory's context.messageId ends in ":<line>" of the transcript, with the importance
        // the watcher gave that message (context.messageImportance), and each message that said it again is
        // in context.repeatedIn with the importance it gave that mention (as `index export` shows them). A
        // turn is credited with what it was judged worth when said, not with the raise a later repeat gave
        // the memory (that figure is reported too, as storedImportanceAuc).
        const records = await memory.store.query({ agentId: memory.agentId }, { includeSuperseded: true, orderBy: 'none' });
        const importanceByLine = new Map<number, number>();
        const storedByLine = new Map<number, number>();
        const credit = (byLine: Map<number, number>, messageId: string, importance: number) => {
          const line = Number(/:(\d+)$/.exec(messageId)?.[1]);
          if (Number.isInteger(line)) byLine.set(line, Math.max(byLine.get(line) ?? 0, importance));
        };
        for (const record of records) {
          for (const [index, mention] of mentionsOf(record).entries()) {
            credit(importanceByLine, mention.messageId, mention.importance);
            // The message a memory was made from gets the memory's importance now.
            credit(storedByLine, mention.messageId, index === 0 && mention.messageId === record.context.messageId ? record.importance : mention.importance);
          }
        }
        byConversation[conversation] = score(turns, memorable, importanceByLine, storedByLine, records.length);
        const offset = all.turns.length;
        for (const turn of turns) all.turns.push({ ...turn, line: turn.line + offset, diaId: `${conversation}/${turn.diaId}` });
        for (const id of memorable) all.memorable.add(`${conversation}/${id}`);
        for (const [line, value] of importanceByLine) all.importance.set(line + offset, value);
        for (const [line, value] of storedByLine) all.stored.set(line + offset, value);
        all.memories += records.length;
        options.onProgress?.(`${conversation}: AUC ${byConversation[conversation]!.auc} (length ${byConversation[conversation]!.lengthAuc})`);
      } finally {
        await memory.stop();
      }
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
  return { conversations: files.length, ...score(all.turns, all.memorable, all.importance, all.stored, all.memories), byConversation };
}
