import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseWith } from '../config/parse.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { startPosition, type ConversationMessage, type ConversationSource, type SourceBatch, type SourcePosition, type SourceProblem } from './conversation-source.ts';
import { parseTranscriptLine } from './transcript-line.ts';

const CHUNK_BYTES = 64 * 1024;
/**
 * The longest line read as a message; a longer one is reported and skipped. The analyzer reads the first
 * 16,000 characters of a message anyway (MAX_ANALYZED_CHARACTERS), and a line was gathered by copying it
 * again with every 64 KB read: a 64 MB line (a pasted file) took 30 s of CPU and every poll after.
 */
export const MAX_TRANSCRIPT_LINE_BYTES = 16 * 1024 * 1024;
/** How much of a skipped line's end its watermark hashes: the bytes `stillHolds` reads back before the newline. */
const SKIPPED_LINE_HASH_BYTES = 4096;
/** The transcript as a non-empty path (a missing one failed with Node's ERR_INVALID_ARG_TYPE), its id a string when given. */
export const transcriptSourceOptionsSchema = z.object({ file: z.string().min(1, 'must be the transcript file'), id: z.string().min(1).optional() });
const NEWLINE = 0x0a;

/** "<bytes>:<sha256 prefix>" of a line without its newline. */
export function lineHash(bytes: Buffer): string {
  return `${bytes.length}:${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;
}

function hashedLength(hash: string): number {
  return Number(hash.slice(0, hash.indexOf(':')));
}

function readAt(fd: number, start: number, length: number): Buffer {
  if (start < 0 || length <= 0) return Buffer.alloc(0);
  const buffer = Buffer.alloc(length);
  return buffer.subarray(0, fs.readSync(fd, buffer, 0, length, start));
}

/**
 * Does the file still begin with what the watermark consumed? Checked by the
 * first line and the last consumed line: a rename, a copy or an editor's save
 * keeps both; a rotation or a truncation does not.
 */
function stillHolds(fd: number, from: SourcePosition, size: number): boolean {
  if (from.offset === 0) return true;
  if (size < from.offset) return false;
  if (from.firstLineHash !== null) {
    const length = hashedLength(from.firstLineHash);
    if (lineHash(readAt(fd, 0, length)) !== from.firstLineHash || readAt(fd, length, 1)[0] !== NEWLINE) return false;
  }
  if (from.lastLineHash !== null) {
    const length = hashedLength(from.lastLineHash);
    if (lineHash(readAt(fd, from.offset - 1 - length, length)) !== from.lastLineHash || readAt(fd, from.offset - 1, 1)[0] !== NEWLINE) return false;
  }
  return true;
}

/**
 * An append-only JSONL transcript, one `{ role | speaker, content, timestamp, id? }`
 * per line. Only newline-terminated lines are consumed, so a line the writer
 * is still writing waits for the next read. A malformed line is reported with
 * its line number and skipped; a `role` other than user, assistant, system or
 * tool is consumed without a word (nobody said it to the agent). When the file is rotated or truncated (another
 * inode, or shorter than the watermark, or different bytes before it) the new
 * content is read from its start; when it was only moved or rewritten with the
 * same beginning, reading continues at the watermark, never from the top.
 *
 * @example
 * const source = createTranscriptSource({ file: 'chat.jsonl' });
 * const batch = await source.read(null, { maxMessages: 50 });
 * batch.messages[0]; // { id, role: 'user', content, timestamp }
 */
export function createTranscriptSource(options: { file: string; id?: string }): ConversationSource {
  parseWith(transcriptSourceOptionsSchema, options ?? {}, 'createTranscriptSource options', 'CONFIG_ERROR');
  const file = path.resolve(options.file);
  const id = options.id ?? `transcript:${file}`;
  return {
    id,
    async read(from, { maxMessages }) {
      // Asked before opening: opening a FIFO blocks until a writer comes, and a device (/dev/zero) never ends;
      // a directory opens, and reading it failed with EISDIR, which said nothing of what was wrong.
      let kind: fs.Stats | undefined;
      try {
        kind = fs.statSync(file, { throwIfNoEntry: false });
      } catch {
        // ENOTDIR, EACCES: opening it below says so as a TRANSCRIPT_ERROR.
      }
      if (kind?.isDirectory()) throw new HippocampusError({ code: 'TRANSCRIPT_ERROR', message: `The transcript ${file} is a directory, not a JSONL file` });
      if (kind !== undefined && !kind.isFile()) {
        throw new HippocampusError({ code: 'TRANSCRIPT_ERROR', message: `The transcript ${file} is not a regular file (a device, a FIFO or a socket): there is no watermark to keep in it` });
      }
      let fd: number;
      try {
        fd = fs.openSync(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { messages: [], next: from ?? startPosition(), problems: [] };
        throw new HippocampusError({ code: 'TRANSCRIPT_ERROR', message: `Cannot read the transcript ${file}: ${(error as Error).message}`, cause: error });
      }
      try {
        return readLines(fd, from, maxMessages);
      } finally {
        fs.closeSync(fd);
      }
    },
    subscribe(onChange) {
      // watchFile polls stat, so it keeps working across a rotation, where fs.watch loses the old inode.
      const listener = () => onChange();
      fs.watchFile(file, { interval: 250, persistent: false }, listener);
      return () => fs.unwatchFile(file, listener);
    },
  };
}

function readLines(fd: number, from: SourcePosition | null, maxMessages: number): SourceBatch {
  const stat = fs.fstatSync(fd);
  const inode = String(stat.ino);
  let position: SourcePosition = from ?? startPosition();
  let reset: SourceBatch['reset'];
  if (from !== null && from.offset > 0) {
    if (!stillHolds(fd, from, stat.size)) {
      reset = from.inode === inode ? 'truncated' : 'rotated';
      position = startPosition();
    } else if (from.inode !== null && from.inode !== inode) {
      reset = 'rewritten';
    }
  }
  const next: SourcePosition = { ...position, inode, size: stat.size };
  const messages: ConversationMessage[] = [];
  const problems: SourceProblem[] = [];
  // The unfinished line read so far, in chunks: joined once its newline comes, not copied at every read.
  let carried: Buffer[] = [];
  let carriedBytes = 0;
  let pendingStart = position.offset;
  while (messages.length < maxMessages) {
    const chunk = readAt(fd, pendingStart + carriedBytes, CHUNK_BYTES);
    if (chunk.length === 0) break;
    if (chunk.indexOf(NEWLINE) === -1) {
      carried.push(chunk);
      carriedBytes += chunk.length;
      if (carriedBytes <= MAX_TRANSCRIPT_LINE_BYTES) continue;
      const skipped = skipLongLine(fd, pendingStart + carriedBytes, Buffer.concat(carried.slice(-2)).subarray(-SKIPPED_LINE_HASH_BYTES));
      // Its end is not written yet: read again (and skipped) once it is.
      if (skipped === null) break;
      next.line += 1;
      next.offset = skipped.newlineAt + 1;
      // Only the end of it is hashed: `stillHolds` reads back the hashed bytes before the newline. A first line
      // this long is not checked by its own hash (that check reads the whole line from the file's start).
      next.lastLineHash = lineHash(skipped.tail);
      problems.push(tooLongProblem(next.line));
      pendingStart = next.offset;
      carried = [];
      carriedBytes = 0;
      continue;
    }
    const pending = carried.length === 0 ? chunk : Buffer.concat([...carried, chunk]);
    let start = 0;
    while (messages.length < maxMessages) {
      const newline = pending.indexOf(NEWLINE, start);
      if (newline === -1) break;
      const bytes = pending.subarray(start, newline);
      const tooLong = bytes.length > MAX_TRANSCRIPT_LINE_BYTES;
      next.line += 1;
      next.offset = pendingStart + newline + 1;
      next.lastLineHash = lineHash(tooLong ? bytes.subarray(-SKIPPED_LINE_HASH_BYTES) : bytes);
      if (next.line === 1 && !tooLong) next.firstLineHash = next.lastLineHash;
      start = newline + 1;
      if (tooLong) {
        problems.push(tooLongProblem(next.line));
        continue;
      }
      const text = bytes.toString('utf8').trim();
      if (text === '') continue;
      const fallbackId = `${next.firstLineHash?.slice(-8) ?? 'file'}:${next.line}`;
      const parsed = parseTranscriptLine(text, fallbackId);
      if (!parsed.ok) problems.push({ line: next.line, message: parsed.problem });
      else if (parsed.message !== null) messages.push(parsed.message);
      // A line in a role no one speaks in is consumed unread, and said so: a transcript all of whose lines say
      // "web" would otherwise be watched to its end with nothing kept and nothing told.
      else problems.push({ line: next.line, message: parsed.readPast, readPast: true });
    }
    const rest = pending.subarray(start);
    pendingStart += start;
    carried = rest.length === 0 ? [] : [rest];
    carriedBytes = rest.length;
  }
  return { messages, next, problems, ...(reset ? { reset } : {}) };
}

function tooLongProblem(line: number): SourceProblem {
  return { line, message: `longer than ${MAX_TRANSCRIPT_LINE_BYTES} bytes: skipped` };
}

/**
 * Reads on from `from` to the newline that ends a line too long to keep, holding only its last bytes;
 * null when the file ends first (the writer is still writing it).
 */
function skipLongLine(fd: number, from: number, tailSoFar: Buffer): { newlineAt: number; tail: Buffer } | null {
  let tail = tailSoFar;
  for (let offset = from; ; ) {
    const chunk = readAt(fd, offset, CHUNK_BYTES);
    if (chunk.length === 0) return null;
    const newline = chunk.indexOf(NEWLINE);
    const before = newline === -1 ? chunk : chunk.subarray(0, newline);
    tail = Buffer.concat([tail, before]).subarray(-SKIPPED_LINE_HASH_BYTES);
    if (newline !== -1) return { newlineAt: offset + newline, tail };
    offset += chunk.length;
  }
}
