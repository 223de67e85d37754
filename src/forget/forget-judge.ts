import { z } from 'zod';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { generateJson } from '../providers/generate-json.ts';
import type { LlmClient, LlmUsage } from '../spec/llm-client.ts';

/**
 * Most memories numbered for the model: the confirm step's own cap (forgetByDescription lists at most 10 candidates).
 * With a judge that always names the target when shown it (`bench/forget-cases.bench.ts --judge-oracle`, all 1,320
 * requests) 10 reach recall 0.934 (the rules' candidates alone 0.911, offline 0.607) and 15 reach 0.951; a real model
 * reads a longer list less well, which no bench here can measure (no model weights), so the cap stays the confirm step's.
 */
export const MAX_OFFERED = 10;
/**
 * A memory's text as the model reads it, cut here: a pasted log of 16,000 characters would make one request cost as
 * much as a hundred, and the first sentences say what a memory is about.
 */
const MAX_SHOWN_CHARACTERS = 500;

/** What the model answers: the numbers of the listed memories the request names for certain. */
export const forgetChoiceSchema = z.object({ forget: z.array(z.number().int()).max(50) }).strict();

// Why it is worded so:
// - Numbers, never ids: a 26-character ULID is easy to mistype or invent, and a number outside 1..n is seen at once
//   and ignored; the model can name only what was offered.
// - The near misses it must leave are spelled out because they are the ones the labelled set holds beside each target
//   (src/forget/fixtures/forget-cases.ts) and the ones the offline rules guard against: another person's version of the
//   thing, its opposite or negation, another one of the same kind (another password, another trip), the same topic only.
// - An empty answer is the default when in doubt: a wrong deletion cannot be undone and leaves no record, while "not
//   sure" costs the user one question (the confirm step with the candidates), so precision is asked for before recall.
// - The request and the memories are quoted as data (JSON strings) so that a memory's text cannot pose as an instruction
//   line of the prompt; the model still reads them, so a hostile memory can at worst be chosen among those offered.
const SYSTEM_PROMPT = `You help a long-term memory forget what its user asks it to forget.
You get the user's request, in their words, and a numbered list of stored memories that could be what they mean.
Answer with the numbers of the memories the request names for certain: the ones the user would expect to be gone.
Leave out a memory that is only about the same topic, about another person's version of the thing, says its opposite or its negation, or is another one of the same kind (another password, another trip, another appointment).
Give several numbers only when the request names each of them (for example "everything about my divorce").
When the request could mean different memories and does not say which, when none of them fits, or when you are unsure, answer an empty list: the user will then be asked which one they meant.
Answer with JSON only: {"forget":[2]} or {"forget":[]}`;

/** A memory offered to the model, numbered from 1 in the order given. */
export interface Offered {
  content: string;
  similarity: number | null;
  /** How many of the description's content words it holds. */
  held: number;
}

/**
 * What the model is shown: the rules' candidates first (they carry the rules' reasons), then, while there is room,
 * the closest of the other memories judged by meaning and the ones holding most of the description's words, taken in
 * turn; at most MAX_OFFERED. A memory lacking a name or number the description gives is never among them (the rules
 * judged it out: src/forget/forget-by-description.ts).
 */
export function offerToJudge<Entry extends Offered>(candidates: readonly Entry[], field: readonly Entry[]): Entry[] {
  const offered = candidates.slice(0, MAX_OFFERED);
  const rest = field.filter((entry) => !offered.includes(entry));
  const byMeaning = [...rest].sort((left, right) => (right.similarity ?? 0) - (left.similarity ?? 0));
  const byWords = [...rest].sort((left, right) => right.held - left.held || (right.similarity ?? 0) - (left.similarity ?? 0));
  for (let at = 0; offered.length < MAX_OFFERED && at < rest.length; at += 1) {
    for (const entry of [byMeaning[at]!, byWords[at]!]) if (offered.length < MAX_OFFERED && !offered.includes(entry)) offered.push(entry);
  }
  return offered;
}

/** What the model made of one request; `chosen` are indexes into the offered list. */
export interface JudgeAnswer {
  chosen: number[];
  /** Numbers it answered that named no offered memory (ignored). */
  ignored: number[];
  /** Tokens of the request (both, when the answer needed a repair). */
  usage: LlmUsage;
}

/** The user's message: the request and the numbered memories, each quoted as a JSON string. */
export function judgePrompt(description: string, offered: readonly { content: string }[]): string {
  const shown = (content: string) => JSON.stringify(content.length > MAX_SHOWN_CHARACTERS ? `${content.slice(0, MAX_SHOWN_CHARACTERS)}…` : content);
  return [`Request: ${JSON.stringify(description)}`, '', 'Memories:', ...offered.map((entry, at) => `${at + 1}. ${shown(entry.content)}`)].join('\n');
}

/**
 * Asks the model which of the offered memories the request names (one call, two when its JSON needed repair:
 * generateJson). Throws what the provider threw.
 */
export async function askJudge(options: { llm: LlmClient; description: string; offered: readonly { content: string }[]; abortSignal?: AbortSignal | undefined }): Promise<JudgeAnswer> {
  const { value, usage } = await generateJson({
    llm: options.llm,
    name: 'forget_choice',
    schema: forgetChoiceSchema,
    temperature: 0,
    ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: judgePrompt(options.description, options.offered) },
    ],
  });
  const numbers = [...new Set(value.forget)];
  const inRange = (number: number) => number >= 1 && number <= options.offered.length;
  return { chosen: numbers.filter(inRange).map((number) => number - 1), ignored: numbers.filter((number) => !inRange(number)), usage };
}

/** A failed ask as the report shows it: the error's code, or ABORTED when the caller's signal stopped it (its reason is rethrown as it is). */
export function judgeFailure(error: unknown, abortSignal?: AbortSignal): { code: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (abortSignal?.aborted) return { code: 'ABORTED', message };
  return HippocampusError.isInstance(error) ? { code: error.code, message } : { code: 'INTERNAL_ERROR', message };
}
