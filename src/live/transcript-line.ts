import { z } from 'zod';
import type { ConversationMessage } from './conversation-source.ts';

const timestampSchema = z.union([z.number().finite().nonnegative(), z.string().min(1)]).transform((value, context) => {
  const parsed = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(parsed)) {
    context.addIssue({ code: 'custom', message: `timestamp "${String(value)}" is not a date` });
    return z.NEVER;
  }
  // Seconds since the epoch are common in transcripts; milliseconds are what the engine stores.
  return parsed < 1e11 ? parsed * 1000 : parsed;
});

/** One transcript line: `{ role | speaker, content, timestamp, id? }`. */
export const transcriptLineSchema = z
  .object({
    id: z.union([z.string().min(1), z.number()]).optional(),
    role: z.string().min(1).optional(),
    speaker: z.string().min(1).optional(),
    content: z.string(),
    timestamp: timestampSchema,
  })
  .refine((line) => line.role !== undefined || line.speaker !== undefined, { message: 'needs "role" or "speaker"' });

/**
 * Reads one JSONL transcript line into a message, or says why it cannot.
 *
 * @example
 * parseTranscriptLine('{"role":"user","content":"hi","timestamp":1700000000000}', 'line-1')
 * // { ok: true, message: { id: 'line-1', role: 'user', content: 'hi', timestamp: 1700000000000 } }
 */
export function parseTranscriptLine(text: string, fallbackId: string): { ok: true; message: ConversationMessage } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not JSON: ${(error as Error).message}` };
  }
  const parsed = transcriptLineSchema.safeParse(value);
  if (!parsed.success) {
    return { ok: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'line'}: ${issue.message}`).join('; ') };
  }
  const line = parsed.data;
  return {
    ok: true,
    message: { id: line.id === undefined ? fallbackId : String(line.id), role: (line.role ?? line.speaker)!, content: line.content, timestamp: line.timestamp },
  };
}
