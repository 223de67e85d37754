// Four processes write 1,000 memories each to one agent while a fifth reads it: every write lands
// exactly once, nobody sees an error, and the reader never sees the count go down.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { runScript, spawnScript } from '../run-script.ts';
import { createTempHome } from '../temp-home.ts';
import { checkAgentDatabase } from './database-checks.ts';
import { recordResult } from './reliability-results.ts';

const WRITERS = 4;
const WRITES_EACH = 1_000;
const { home, cleanup } = createTempHome('hippocampus-concurrent-');
afterAll(cleanup);

describe(`${WRITERS} writer processes × ${WRITES_EACH} writes + 1 reader on one agent`, () => {
  it('exact counts, no errors, a whole file', async () => {
    // Create the agent first, so the processes race on writes rather than on the first migration.
    await (await createHippocampus({ home, agentId: 'shared', embedder: null })).stop();
    const stopFile = path.join(home, 'stop-reader');
    const reader = spawnScript('counting-reader.ts', [home, 'shared', stopFile]);
    let readerOut = '';
    reader.stdout?.on('data', (chunk: Buffer) => (readerOut += chunk.toString()));
    const readerDone = new Promise<number | null>((resolve) => reader.on('close', resolve));
    const started = Date.now();
    const outputs = await Promise.all(Array.from({ length: WRITERS }, (_, index) => runScript('writer.ts', [home, 'shared', `writer${index}`, String(WRITES_EACH)])));
    const seconds = (Date.now() - started) / 1000;
    fs.writeFileSync(stopFile, '');
    expect(await readerDone).toBe(0);
    const readerReport = JSON.parse(readerOut) as { reads: number; errors: number; decreases: number };

    const acknowledged = outputs.flatMap((output) => output.stdout.split('\n').filter(Boolean));
    const check = checkAgentDatabase(home, 'shared');
    const memory = await createHippocampus({ home, agentId: 'shared', embedder: null });
    const contents = (await memory.recall({ limit: 1_000_000 })).map((record) => record.content);
    await memory.stop();
    const distinct = new Set(contents);
    recordResult('concurrent-processes', {
      writers: WRITERS,
      writesEach: WRITES_EACH,
      acknowledged: acknowledged.length,
      rows: check.ids.size,
      duplicates: contents.length - distinct.size,
      missing: acknowledged.filter((id) => !check.ids.has(id)).length,
      readerReads: readerReport.reads,
      readerErrors: readerReport.errors,
      readerCountDecreases: readerReport.decreases,
      integrityProblems: check.problems.length,
      writesPerSecond: Math.round(acknowledged.length / seconds),
    });

    expect(acknowledged).toHaveLength(WRITERS * WRITES_EACH);
    expect(check.ids.size).toBe(WRITERS * WRITES_EACH);
    expect(contents.length).toBe(distinct.size);
    expect(acknowledged.filter((id) => !check.ids.has(id))).toEqual([]);
    expect(check.problems).toEqual([]);
    expect(readerReport.errors).toBe(0);
    expect(readerReport.decreases).toBe(0);
    expect(readerReport.reads).toBeGreaterThan(0);
  });
});
