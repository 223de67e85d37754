import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLiveWatcher } from '../live/live-watcher.ts';
import { createMessagesTableSource } from '../live/messages-table-source.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { eachTestEngine, type TempEngine } from '../testing/temp-engine.ts';
import { createHippoTools } from './create-hippo-tools.ts';

// A forget that left the sentence in the host's messages table (in the agent's own file) was no forget:
// recall_conversation brought it back, and its bytes stayed in longterm.db (found by a probe).
let home: TempEngine['home'];
let memory: Hippocampus;
eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), (opened) => ({ home, memory } = opened));

const SAID = 'My locker code is 3391 at the quokkaville gym';

describe('forget_memory with a messages table', () => {
  it('forgets the message a forgotten memory says word for word, and no byte of it is left under the home', async () => {
    const scope = { agentId: 'ada' };
    const conversations = memory.backend.conversations!;
    await conversations.createTable(scope, { table: 'messages' });
    await conversations.appendMessages(scope, { table: 'messages', messages: [{ role: 'user', content: SAID, createdAt: 1 }, { role: 'user', content: 'The gym opens at seven', createdAt: 2 }] });
    const tools = new Map(createHippoTools({ memory, messagesTable: 'messages' }).map((tool) => [tool.name, tool]));
    const stored = (await tools.get('store_memory')!.execute({ content: SAID })) as { ok: true; data: { id: string } };
    const result = (await tools.get('forget_memory')!.execute({ ids: [stored.data.id] })) as { ok: true; data: { deleted: number; messagesForgotten?: number } };
    expect(result.data).toMatchObject({ deleted: 1, messagesForgotten: 1 });
    const left = (await tools.get('recall_conversation')!.execute({ query: 'locker code gym' })) as { ok: true; data: unknown };
    expect(JSON.stringify(left.data)).not.toContain('3391');
    expect(JSON.stringify(left.data)).toContain('The gym opens at seven');
    const bytes = allBytesUnder(home.home);
    expect(bytes).not.toContain('3391');
    expect(bytes).not.toContain('quokkaville');
  });

  it('forgets the message a watched memory was made from when it is forgotten by description', async () => {
    const scope = { agentId: 'ada' };
    const conversations = memory.backend.conversations!;
    await conversations.createTable(scope, { table: 'messages' });
    await conversations.appendMessages(scope, { table: 'messages', messages: [{ role: 'user', content: 'Please remember this: the vault combination is seventeen purple elephants.', createdAt: Date.UTC(2026, 0, 1) }] });
    const database = (memory.backend as SqliteBackend).pool.connection('ada');
    const watcher = createLiveWatcher({ memory, source: createMessagesTableSource({ database, table: 'messages' }) });
    expect((await watcher.runOnce()).flatMap((report) => report.created).length).toBeGreaterThan(0);
    const tools = new Map(createHippoTools({ memory, messagesTable: 'messages' }).map((tool) => [tool.name, tool]));
    const result = (await tools.get('forget_memory')!.execute({ description: 'the vault combination' })) as { ok: true; data: { deleted: number; messagesForgotten?: number } };
    expect(result.data.deleted).toBeGreaterThan(0);
    expect(result.data.messagesForgotten).toBe(1);
    expect(allBytesUnder(home.home)).not.toContain('purple elephants');
    expect(fs.existsSync(path.join(home.home, 'agents', 'ada'))).toBe(true);
  });
});
