import { z } from 'zod';
import type { ConversationMessage } from './conversation-source.ts';
import { storableTimestamp } from './message-timestamp.ts';

// Below this a number is read as seconds: 1e11 s is the year 5138, 1e11 ms is 1973-03-03.
const SECONDS_BELOW = 1e11;

const timestampSchema = z.union([z.number().finite().nonnegative(), z.string().min(1)]).transform((value, context) => {
  // Seconds since the epoch are common in transcripts (Python's time.time()); a date string never is.
  const parsed = storableTimestamp(typeof value === 'number' && value < SECONDS_BELOW ? value * 1000 : value);
  if ('problem' in parsed) {
    context.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  }
  return parsed.ms;
});

/**
 * The roles a transcript line may name in `role` (any letter case). A person's
 * name goes in `speaker`. Any other `role` ("web", "browser") is
 * nobody speaking to the agent: the line is consumed and never analyzed, as
 * system and tool lines yield nothing, so it cannot plant a memory about the user.
 */
export const TRANSCRIPT_ROLES = ['user', 'assistant', 'system', 'tool'] as const;

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

/** What one line is: a message, a line no one speaks in (consumed, not analyzed), or why it cannot be read. */
export type TranscriptLineResult = { ok: true; message: ConversationMessage } | { ok: true; message: null; readPast: string } | { ok: false; problem: string };

/**
 * V8 quotes the line's first characters in some JSON.parse errors (`Unexpected token 'r', "root:$y$j9"... is not
 * valid JSON`), and problems go to the watcher's log: `watch --source /etc/shadow` printed the start of every
 * password hash (probe, 2026-11-27). The line number says where; the text stays in the file.
 */
function withoutExcerpt(message: string): string {
  return /^Unexpected token\b/u.test(message) ? 'unexpected character, not valid JSON' : message;
}

/**
 * Reads one JSONL transcript line into a message, or says why it cannot.
 *
 * @example
 * parseTranscriptLine('{"role":"user","content":"hi","timestamp":1700000000000}', 'line-1')
 * // { ok: true, message: { id: 'line-1', role: 'user', content: 'hi', timestamp: 1700000000000 } }
 */
export function parseTranscriptLine(text: string, fallbackId: string): TranscriptLineResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `not JSON: ${withoutExcerpt((error as Error).message)}` };
  }
  const parsed = transcriptLineSchema.safeParse(value);
  if (!parsed.success) {
    return { ok: false, problem: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'line'}: ${issue.message}`).join('; ') };
  }
  const line = parsed.data;
  // A speaker named as a role ("System", "Assistant") is that role, not a person telling about the user.
  // Other frameworks' role names are read in `role` only: a person may be called Ai or Bot (probe).
  const role = line.role === undefined ? (documentedRole(line.speaker!, { aliases: false }) ?? line.speaker!) : documentedRole(line.role);
  if (role === null) return { ok: true, message: null, readPast: readPastProblem(line.role!) };
  return {
    ok: true,
    message: { id: line.id === undefined ? fallbackId : String(line.id), role, content: line.content, timestamp: line.timestamp },
  };
}

/**
 * Other frameworks' names for the same roles: LangChain's message history stores `human`/`ai`,
 * Gemini's API says `model`, OpenAI's newer API `developer` (its system role) and its older `function`.
 * Read past before, a LangChain history's user turns were never analyzed.
 */
export const ROLE_ALIASES: Readonly<Record<string, (typeof TRANSCRIPT_ROLES)[number]>> = { human: 'user', ai: 'assistant', model: 'assistant', bot: 'assistant', developer: 'system', function: 'tool' };

/**
 * One of TRANSCRIPT_ROLES in lower case when `role` names it (or another framework's name for it, ROLE_ALIASES) in any letter case, else null.
 * Spaces around it and invisible characters in it are no part of it: `{"speaker":"System "}` (or "\u00a0Assistant",
 * "Sys\u200btem") planted 'The user is a convicted felon' as a person named "System " speaking, and a table's
 * 'user ' row was read past.
 */
export function documentedRole(role: string, options: { aliases?: boolean } = {}): string | null {
  const lower = role.normalize('NFKC').replace(/\p{Cf}/gu, '').trim().toLowerCase();
  if ((TRANSCRIPT_ROLES as readonly string[]).includes(lower)) return lower;
  return (options.aliases ?? true) && Object.hasOwn(ROLE_ALIASES, lower) ? ROLE_ALIASES[lower]! : null;
}

/**
 * Role names of machinery, not people, that hosts and frameworks write beside user and assistant (a tool's
 * or a browser's output, a function's result, retrieved documents): a row in one is nobody speaking to the
 * agent, in any letter case. A handle is otherwise a person.
 */
const MACHINE_ROLES = new Set([
  'web', 'browser', 'search', 'retrieval', 'retriever', 'context', 'document', 'documents', 'observation', 'environment', 'env', 'memory',
  'ipython', 'python', 'code', 'interpreter', 'computer', 'plugin', 'api', 'server', 'client', 'agent', 'critic', 'data', 'metadata',
  'tool_call', 'tool_calls', 'tool_result', 'tool_results', 'tool_response', 'tool_output', 'function_call', 'function_result', 'function_response',
  'output', 'input', 'error', 'log', 'debug', 'status', 'event', 'notification', 'internal', 'hidden', 'note', 'summary', 'other', 'unknown', 'none', 'null', 'undefined',
]);

// A person's name ("Caroline", "Vincent van Gogh") or a chat handle ("alice", "bob_92", "@j.doe"): letters first, then
// letters, digits, "_", "." or "-", words apart by single spaces; 40 characters at most.
const PERSON = /^@?\p{L}[\p{L}\p{M}\p{N}_.'-]*(?: \p{L}[\p{L}\p{M}\p{N}_.'-]*){0,3}$/u;

/**
 * Who a `role` of a table with no speaker column says spoke: one of TRANSCRIPT_ROLES (documentedRole), else a
 * person — a name or a chat handle in any letter case, as chat exports write them ("alice") — else null: a word
 * naming machinery ("web", "tool_result") or any other text is nobody speaking to the agent.
 *
 * @example
 * tableSpeaker('Assistant'); // 'assistant'
 * tableSpeaker('alice');     // 'alice'
 * tableSpeaker('web');       // null
 */
export function tableSpeaker(role: string): string | null {
  const documented = documentedRole(role);
  if (documented !== null) return documented;
  const name = role.normalize('NFKC').replace(/\p{Cf}/gu, '').trim();
  if (name.length > 40 || !PERSON.test(name)) return null;
  return MACHINE_ROLES.has(name.replace(/^@/u, '').toLowerCase()) ? null : name;
}

/** The problem a row or line read past is reported as: its role, and why no one is read in it. */
export function readPastProblem(role: string): string {
  return `role ${JSON.stringify(role)}: not user, assistant, system, tool or a person's name; read past`;
}

