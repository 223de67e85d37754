import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempHome } from '../testing/temp-home.ts';
import { appendLines } from './live-test-helpers.ts';
import { createTranscriptSource, MAX_TRANSCRIPT_LINE_BYTES } from './transcript-source.ts';
import { createPushedSource } from './pushed-source.ts';
import { createMessagesTableSource, createStoredMessagesSource } from './messages-table-source.ts';
import { readMirrorIndex } from './mirror-import.ts';

const line = (n: number) => ({ role: 'user', content: `message ${n}`, timestamp: 1_700_000_000_000 + n });

describe('transcript source', () => {
  let temp: ReturnType<typeof createTempHome>;
  let file: string;
  beforeEach(() => {
    temp = createTempHome();
    file = path.join(temp.home, 'chat.jsonl');
  });
  afterEach(() => temp.cleanup());

  it('a directory where the transcript should be is a TRANSCRIPT_ERROR naming it, not a raw EISDIR', async () => {
    fs.mkdirSync(file);
    const source = createTranscriptSource({ file });
    await expect(source.read(null, { maxMessages: 10 })).rejects.toMatchObject({ code: 'TRANSCRIPT_ERROR', message: expect.stringContaining(`${file} is a directory`) });
  });

  it('a missing, empty or non-string file is a CONFIG_ERROR naming file, not Node\'s ERR_INVALID_ARG_TYPE', () => {
    for (const options of [undefined, {}, { file: 42 }, { file: '' }, { file: 'chat.jsonl', id: 7 }]) {
      expect(() => createTranscriptSource(options as never), JSON.stringify(options)).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR', message: expect.stringMatching(/file|id/) }));
    }
  });

  it('its siblings given no options, or the wrong ones, are a CONFIG_ERROR too, not a TypeError', () => {
    const refusals: [string, () => unknown][] = [
      ['createPushedSource()', () => createPushedSource(undefined as never)],
      ['createPushedSource({ file: 5 })', () => createPushedSource({ file: 5 } as never)],
      ['createMessagesTableSource({})', () => createMessagesTableSource({} as never)],
      ['createMessagesTableSource({ database: 5 })', () => createMessagesTableSource({ database: 5 } as never)],
      ['createStoredMessagesSource({})', () => createStoredMessagesSource({} as never)],
      ['readMirrorIndex()', () => readMirrorIndex(undefined as never)],
    ];
    for (const [call, run] of refusals) expect(run, call).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR' }));
  });

  it('reports and skips a line longer than MAX_TRANSCRIPT_LINE_BYTES, reads on, and keeps its watermark past it (a 64 MB line took 30 s of CPU to read)', async () => {
    const long = { role: 'user', content: 'x'.repeat(MAX_TRANSCRIPT_LINE_BYTES), timestamp: 1_700_000_000_000 };
    for (const lines of [[line(1), long, line(3)], [long, line(3)]]) {
      fs.rmSync(file, { force: true });
      appendLines(file, lines);
      const source = createTranscriptSource({ file });
      const first = await source.read(null, { maxMessages: 10 });
      expect(first.messages.map((message) => message.content)).toEqual(lines.length === 3 ? ['message 1', 'message 3'] : ['message 3']);
      expect(first.problems).toEqual([{ line: lines.length - 1, message: expect.stringContaining(`longer than ${MAX_TRANSCRIPT_LINE_BYTES} bytes`) }]);
      // The watermark past it holds: nothing is read again, and what is appended next is read.
      appendLines(file, [line(4)]);
      const second = await source.read(first.next, { maxMessages: 10 });
      expect(second.reset).toBeUndefined();
      expect(second.messages.map((message) => message.content)).toEqual(['message 4']);
    }
  });

  it('does not consume a long line the writer is still writing', async () => {
    appendLines(file, [line(1)]);
    fs.appendFileSync(file, `{"role":"user","content":"${'y'.repeat(MAX_TRANSCRIPT_LINE_BYTES + 10)}`);
    const source = createTranscriptSource({ file });
    const first = await source.read(null, { maxMessages: 10 });
    expect(first.messages.map((message) => message.content)).toEqual(['message 1']);
    expect(first.problems).toEqual([]);
    fs.appendFileSync(file, '","timestamp":1700000000009}\n');
    appendLines(file, [line(3)]);
    const second = await source.read(first.next, { maxMessages: 10 });
    expect(second.messages.map((message) => message.content)).toEqual(['message 3']);
    expect(second.problems).toEqual([{ line: 2, message: expect.stringContaining('longer than') }]);
  });

  it('does not consume a line the writer is still writing', async () => {
    appendLines(file, [line(1)]);
    fs.appendFileSync(file, '{"role":"user","content":"half writ');
    const source = createTranscriptSource({ file });
    const first = await source.read(null, { maxMessages: 10 });
    expect(first.messages.map((message) => message.content)).toEqual(['message 1']);
    fs.appendFileSync(file, 'ten","timestamp":1700000000009}\n');
    const second = await source.read(first.next, { maxMessages: 10 });
    expect(second.messages.map((message) => message.content)).toEqual(['half written']);
    expect(second.next.line).toBe(2);
  });

  it('reports malformed lines by number, skips them and reads on', async () => {
    appendLines(file, [line(1), '{not json', { role: 'user', timestamp: 5 }, '', line(5)]);
    const batch = await createTranscriptSource({ file }).read(null, { maxMessages: 10 });
    expect(batch.messages.map((message) => message.content)).toEqual(['message 1', 'message 5']);
    expect(batch.problems.map((problem) => problem.line)).toEqual([2, 3]);
    expect(batch.problems[1]!.message).toMatch(/content/);
  });

  it('stops after maxMessages and continues exactly where it stopped', async () => {
    appendLines(file, [1, 2, 3, 4, 5].map(line));
    const source = createTranscriptSource({ file });
    const first = await source.read(null, { maxMessages: 2 });
    const second = await source.read(first.next, { maxMessages: 10 });
    expect([...first.messages, ...second.messages].map((message) => message.content)).toEqual([1, 2, 3, 4, 5].map((n) => `message ${n}`));
  });

  it('reads a rotated transcript from the start of the new file, without re-reading the old one', async () => {
    appendLines(file, [line(1), line(2)]);
    const source = createTranscriptSource({ file });
    const first = await source.read(null, { maxMessages: 10 });
    fs.renameSync(file, `${file}.1`);
    appendLines(file, [line(3)]);
    const second = await source.read(first.next, { maxMessages: 10 });
    expect(second.reset).toBe('rotated');
    expect(second.messages.map((message) => message.content)).toEqual(['message 3']);
  });

  it('detects a truncated transcript and reads only what was written after', async () => {
    appendLines(file, [line(1), line(2)]);
    const source = createTranscriptSource({ file });
    const first = await source.read(null, { maxMessages: 10 });
    fs.truncateSync(file, 0);
    appendLines(file, [line(3)]);
    const second = await source.read(first.next, { maxMessages: 10 });
    expect(second.reset).toBe('truncated');
    expect(second.messages.map((message) => message.content)).toEqual(['message 3']);
  });

  it('continues at the watermark when the same transcript is rewritten under a new inode', async () => {
    appendLines(file, [line(1), line(2)]);
    const source = createTranscriptSource({ file });
    const first = await source.read(null, { maxMessages: 10 });
    const copy = `${file}.tmp`;
    fs.copyFileSync(file, copy);
    appendLines(copy, [line(3)]);
    fs.renameSync(copy, file);
    const second = await source.read(first.next, { maxMessages: 10 });
    expect(second.reset).toBe('rewritten');
    expect(second.messages.map((message) => message.content)).toEqual(['message 3']);
  });

  it('detects a transcript replaced by other content of at least the same length', async () => {
    appendLines(file, [line(1), line(2)]);
    const source = createTranscriptSource({ file });
    const first = await source.read(null, { maxMessages: 10 });
    fs.writeFileSync(file, '');
    appendLines(file, [line(7), line(8), line(9)]);
    const second = await source.read(first.next, { maxMessages: 10 });
    expect(second.reset).toBe('truncated');
    expect(second.messages.map((message) => message.content)).toEqual(['message 7', 'message 8', 'message 9']);
  });
});
