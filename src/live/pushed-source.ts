import fs from 'node:fs';
import path from 'node:path';
import type { ConversationMessage, ConversationSource } from './conversation-source.ts';
import { z } from 'zod';
import { parseWith } from '../config/parse.ts';
import { createTranscriptSource, transcriptSourceOptionsSchema } from './transcript-source.ts';
import { makeDirectory } from '../config/make-directory.ts';

/** The transcript's options, and a clock when given. */
const pushedSourceOptionsSchema = transcriptSourceOptionsSchema.extend({ now: z.custom<() => number>((value) => typeof value === 'function', 'must be a function').optional() });

export interface PushedSource extends ConversationSource {
  /** Appends messages durably (one write, whole lines); the watcher analyzes them on its next poll. */
  push(messages: (Omit<ConversationMessage, 'id' | 'timestamp'> & { id?: string; timestamp?: number })[]): void;
}

/**
 * Messages a host pushes through the API. They are spooled to a JSONL file
 * before `push` returns, so they survive a crash and get the transcript's
 * exactly-once watermark instead of a second, weaker mechanism.
 *
 * The spool keeps every line pushed, like a transcript the host writes: a forget deletes the memories
 * the watcher made from a line, not the line (no forget knows the file). Keep it outside the agent's
 * folder and rotate or delete it once analyzed; under `agents/<id>/` it would outlast every forget there.
 *
 * @example
 * const source = createPushedSource({ file: path.join(spoolDirectory, 'ada-pushed.jsonl') });
 * source.push([{ role: 'user', content: 'I prefer tea over coffee' }]);
 */
export function createPushedSource(options: { file: string; id?: string; now?: () => number }): PushedSource {
  parseWith(pushedSourceOptionsSchema, options ?? {}, 'createPushedSource options', 'CONFIG_ERROR');
  const transcript = createTranscriptSource({ file: options.file, id: options.id ?? `pushed:${path.resolve(options.file)}` });
  const now = options.now ?? Date.now;
  return {
    ...transcript,
    push(messages) {
      if (messages.length === 0) return;
      makeDirectory(path.dirname(options.file), { hint: '' });
      const lines = messages.map((message) => JSON.stringify({ ...message, timestamp: message.timestamp ?? now() })).join('\n');
      fs.appendFileSync(options.file, `${lines}\n`);
    },
  };
}
