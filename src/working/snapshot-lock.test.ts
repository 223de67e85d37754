import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withFileLock } from '../live/file-lock.ts';
import { spawnScript } from '../testing/run-script.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { dropFromWorkingSnapshot, openAgentWorkingMemory, workingSnapshotFile } from './working-snapshot.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome('hippocampus-snapshot-lock-');
});
afterEach(() => home.cleanup());

const conversation = (conversationId: string) => ({ conversationId, timestamp: Date.now(), fullText: `user: ${conversationId}`, embedding: [1, 0, 0], keyEntities: [], topics: [], userIntent: null });
const idsIn = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { conversationId: string }[]).map((saved) => saved.conversationId).sort();

/**
 * Starts another process's read-merge-write of `file` that adds `id`, and resolves once it has read the file, with
 * its exit (wrapped: a promise resolved with a promise would wait for it).
 */
function otherProcessHolding(file: string, id: string, holdMs: number): Promise<{ exited: Promise<number | null> }> {
  const child = spawnScript('snapshot-held.ts', [file, id, String(holdMs)]);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('read') && resolve({ exited }));
    child.on('error', reject);
  });
}

describe('the working-memory snapshot under its lock', () => {
  it("keeps both conversations when another process's read-merge-write overlaps this one's close (the later write lost the other's)", async () => {
    const working = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder: null });
    await working.store.store({ agentId: 'ada' }, conversation('ours'));
    const file = workingSnapshotFile(path.join(home.home, 'agents', 'ada'));
    const { exited } = await otherProcessHolding(file, 'theirs', 400);
    await working.close();
    expect(await exited).toBe(0);
    expect(idsIn(file)).toEqual(['ours', 'theirs']);
  });

  it('drops what a forget drops even when another process was writing the snapshot at that moment', async () => {
    const working = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder: null });
    await working.store.store({ agentId: 'ada' }, conversation('the vault code'));
    await working.close();
    const agentRoot = path.join(home.home, 'agents', 'ada');
    const { exited } = await otherProcessHolding(workingSnapshotFile(agentRoot), 'theirs', 400);
    expect(dropFromWorkingSnapshot(agentRoot, (fullText) => fullText.includes('vault'))).toEqual(['the vault code']);
    expect(await exited).toBe(0);
    expect(idsIn(workingSnapshotFile(agentRoot))).toEqual(['theirs']);
  });

  it('takes over a lock whose process is gone, and answers DATABASE_BUSY while a live one holds it', () => {
    const file = path.join(home.home, 'state.json');
    fs.writeFileSync(`${file}.lock`, '999999999');
    expect(withFileLock(file, () => 'done')).toBe('done');
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
    fs.writeFileSync(`${file}.lock`, String(process.pid));
    expect(() => withFileLock(file, () => 'never')).toThrow(expect.objectContaining({ code: 'DATABASE_BUSY' }));
    fs.rmSync(`${file}.lock`);
  });
});
