import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ValidationError } from '../errors/validation-error.ts';
import type { ExperienceInput } from '../spec/memory-record.ts';

const turnSchema = z.object({ speaker: z.string(), dia_id: z.string(), text: z.string(), blip_caption: z.string().optional() }).loose();
const qaSchema = z.object({ question: z.string(), evidence: z.array(z.string()).default([]), category: z.number().int() }).loose();

export interface LocomoQuestion {
  question: string;
  category: number;
  evidence: string[];
}

export interface LocomoConversation {
  name: string;
  turns: ExperienceInput[];
  questions: LocomoQuestion[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" → epoch ms (UTC). */
export function parseLocomoDate(text: string): number {
  const match = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  if (!match) throw new ValidationError({ message: `Unreadable LoCoMo session date "${text}"` });
  const [, hours, minutes, half, day, month, year] = match;
  const monthIndex = MONTHS.indexOf(month!.toLowerCase());
  const hour = (Number(hours) % 12) + (half!.toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(year), monthIndex, Number(day), hour, Number(minutes));
}

/**
 * Reads one LoCoMo conversation as an agent would have lived it: each turn one
 * chat memory ("Speaker: text", plus the shared image's caption), dated with
 * its session, its dia_id in the context. The dataset's own observations,
 * summaries and event annotations are never read.
 */
export function loadLocomoConversation(file: string): LocomoConversation {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const turns: ExperienceInput[] = [];
  const sessions = Object.keys(raw)
    .map((key) => /^session_(\d+)$/.exec(key)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number)
    .sort((left, right) => left - right);
  for (const session of sessions) {
    const date = parseLocomoDate(String(raw[`session_${session}_date_time`]));
    const list = z.array(turnSchema).parse(raw[`session_${session}`]);
    list.forEach((turn, index) => {
      const caption = turn.blip_caption ? ` [shares a photo: ${turn.blip_caption}]` : '';
      turns.push({ type: 'chat', content: `${turn.speaker}: ${turn.text}${caption}`, timestamp: date + index * 1000, context: { diaId: turn.dia_id, speaker: turn.speaker }, source: 'locomo' });
    });
  }
  const questions = z
    .array(qaSchema)
    .parse(raw.qa)
    .filter((qa) => qa.category >= 1 && qa.category <= 4)
    .map((qa) => ({ question: qa.question, category: qa.category, evidence: qa.evidence.flatMap((entry) => entry.split(/[;,]/)).map((entry) => entry.trim()).filter((entry) => /^D\d+:\d+$/.test(entry)) }))
    .filter((qa) => qa.evidence.length > 0);
  return { name: path.basename(file, '.json'), turns, questions };
}

/**
 * The conversation files (*.json) of a LoCoMo data directory, sorted; every benchmark reads its folder
 * through this. A missing folder, a file where the folder goes (an INTERNAL_ERROR: ENOTDIR) or an empty
 * one (it would "measure" 0 questions and look like a result) is a VALIDATION_ERROR naming it.
 */
export function locomoFiles(directory: string): string[] {
  const found = fs.statSync(directory, { throwIfNoEntry: false });
  if (found === undefined) throw new ValidationError({ message: `LoCoMo data directory ${directory} does not exist` });
  if (!found.isDirectory()) throw new ValidationError({ message: `LoCoMo data directory ${directory} is not a directory (give the folder of the conversation files)` });
  const files = fs.readdirSync(directory).filter((name) => name.endsWith('.json')).sort();
  if (files.length === 0) throw new ValidationError({ message: `LoCoMo data directory ${directory} holds no conversation files (*.json)` });
  return files.map((name) => path.join(directory, name));
}

export function loadLocomoDirectory(directory: string): LocomoConversation[] {
  return locomoFiles(directory).map((file) => loadLocomoConversation(file));
}
