import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLiveWatcher } from '../live/live-watcher.ts';
import { exportMirror } from '../live/mirror-export.ts';
import { importMirror } from '../live/mirror-import.ts';
import { createStoredMessagesSource } from '../live/messages-table-source.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { copyAgent } from './copy-agent.ts';

const DAY = Date.UTC(2026, 0, 2, 9);
const said = (content: string, minute: number) => ({ role: 'user', content, createdAt: DAY + minute * 60_000 });
const open = (home: string) => createHippocampus({ home, agentId: 'mover', embedder: createHashEmbedder({ dimensions: 64 }) });

describe('copyAgent and the watcher of the store\'s own messages table', () => {
  let temp: ReturnType<typeof createTempHome>;
  let source: Hippocampus;
  let target: Hippocampus;
  beforeEach(async () => {
    temp = createTempHome();
    source = await open(path.join(temp.home, 'source'));
    target = await open(path.join(temp.home, 'target'));
  });
  afterEach(async () => {
    await source.stop();
    await target.stop();
    temp.cleanup();
  });

  it('carries the ids the agent forgot: a stale mirror imported on the target does not bring a forgotten memory back (it did)', async () => {
    const [kept, gone] = await source.rememberMany([{ type: 'decision', content: 'We deploy on Tuesdays' }, { type: 'chat', content: 'My locker code is 4471' }], { longTerm: true });
    const dir = path.join(temp.home, 'mirror');
    await exportMirror(source, { dir });
    const stale = fs.readFileSync(path.join(dir, 'index.json'), 'utf8');
    await source.forget([gone!.memory.id]);
    const report = await copyAgent({ from: source.backend, to: target.backend, agentId: 'mover' });
    expect([report.memories, report.forgottenIds]).toEqual([1, 1]);
    fs.writeFileSync(path.join(dir, 'index.json'), stale);
    const imported = await importMirror(target, { dir });
    expect(imported.skippedForgotten).toEqual([gone!.memory.id]);
    expect((await target.recall({ limit: 10 })).map((record) => record.id)).toEqual([kept!.memory.id]);
  });

  it('refuses a target that forgot memories of the agent: copied again, the source brought back what the target forgot', async () => {
    const [secret] = await source.rememberMany([{ type: 'chat', content: 'The vault combination is 31-07-55 heron' }], { longTerm: true });
    await copyAgent({ from: source.backend, to: target.backend, agentId: 'mover' });
    await target.forget([secret!.memory.id]);
    // The target now holds no memory of the agent, only the id it forgot: "empty" to the count of memories.
    await expect(copyAgent({ from: source.backend, to: target.backend, agentId: 'mover' })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('forgot') });
    expect(await target.store.getMany({ agentId: 'mover' }, [secret!.memory.id])).toEqual([]);
  });

  it('refuses a target that holds blocks or skills of the agent before writing anything: the copy went on, its check failed, and the target kept the memories', async () => {
    const scope = { agentId: 'mover' };
    const [secret] = await source.rememberMany([{ type: 'chat', content: 'The vault combination is 31-07-55 heron' }], { longTerm: true });
    await source.backend.blocks!.putMany(scope, [{ key: 'human', value: 'Name: Ada (source)', updatedAt: 1 }]);
    // A block set on the target first (PUT …/blocks/human opens the agent there): its count differed from the
    // source's, so the copy failed its check after every memory was written, and could not be run again.
    await target.backend.blocks!.putMany(scope, [{ key: 'persona', value: 'Terse.', updatedAt: 1 }]);
    await expect(copyAgent({ from: source.backend, to: target.backend, agentId: 'mover' })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('1 memory block') });
    expect(await target.store.getMany(scope, [secret!.memory.id])).toEqual([]);
    await target.backend.blocks!.deleteMany(scope, ['persona']);
    const skill = { id: 'skill-1', agentId: 'mover', name: 'deploy', description: 'ship', code: 'v1', language: 'bash', inputs: [], createdFrom: [], version: 1, successCount: 0, failureCount: 0, lastUsedAt: null, createdAt: 1, updatedAt: 1 };
    await target.backend.skills!.insert(scope, { skill, embedding: null, embeddingModel: null });
    await expect(copyAgent({ from: source.backend, to: target.backend, agentId: 'mover' })).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('1 skill') });
    expect(await target.store.getMany(scope, [secret!.memory.id])).toEqual([]);
  });

  it("does not carry the watermark of a messages table it does not copy: the target's own messages are all read", async () => {
    const scope = { agentId: 'mover' };
    await source.backend.conversations!.createTable(scope, { table: 'messages' });
    await source.backend.conversations!.appendMessages(scope, { table: 'messages', messages: Array.from({ length: 12 }, (_, index) => said(`Please remember that locker ${index} holds my ${index}th umbrella.`, index)) });
    await createLiveWatcher({ memory: source, source: createStoredMessagesSource({ memory: source, table: 'messages' }) }).runOnce();

    const report = await copyAgent({ from: source.backend, to: target.backend, agentId: 'mover' });
    expect(report.notCopied.join(' ')).toContain('store#messages');

    // On the target the table's ids are its own (here two were given and forgotten before, as PostgreSQL's shared sequence gives others').
    const messages = target.backend.conversations!;
    await messages.createTable(scope, { table: 'messages' });
    const given = await messages.appendMessages(scope, { table: 'messages', messages: [said('scratch one', 20), said('scratch two', 21)] });
    await messages.forgetMessages(scope, { table: 'messages', ids: given, texts: [] });
    await messages.appendMessages(scope, { table: 'messages', messages: [said('Please remember that my dentist is Dr. Okafor.', 22)] });
    const reports = await createLiveWatcher({ memory: target, source: createStoredMessagesSource({ memory: target, table: 'messages' }) }).runOnce();
    expect(reports.map((batch) => batch.messages)).toEqual([1]);
    expect((await target.store.query(scope, {})).some((row) => row.content.includes('Okafor'))).toBe(true);
  });
});
