import { describe, expect, it } from 'vitest';
import { createMessagesTable } from '../conversations/messages-table.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import type { SqliteBackend } from '../stores/sqlite/sqlite-backend.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { runScript } from '../testing/run-script.ts';
import { eachTestEngine } from '../testing/temp-engine.ts';
import { createHippoTools } from './create-hippo-tools.ts';
import { UNEXPECTED_TOOL_ERROR, type HippoTool } from './hippo-tool.ts';

let memory: Hippocampus;
let tools: HippoTool[];
const now = Date.UTC(2025, 5, 1);

eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder(), clock: { now: () => now } }), (opened) => {
  ({ memory } = opened);
  createMessagesTable((memory.backend as SqliteBackend).pool.connection('ada'));
  tools = createHippoTools({ memory, messagesTable: 'messages', forgetThreshold: 0.6 });
});

const call = (name: string, input: unknown) => tools.find((tool) => tool.name === name)!.execute(input);

describe('createHippoTools', () => {
  it('offers the eight tools, each with a JSON Schema object input; recall_conversation only with a messages table', () => {
    expect(tools.map((tool) => tool.name)).toEqual([
      'remember_facts',
      'store_memory',
      'replace_memory_block',
      'append_memory_block',
      'recall_memory_block',
      'recall_memories',
      'recall_conversation',
      'forget_memory',
    ]);
    for (const tool of tools) expect(tool.jsonSchema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(tools.find((tool) => tool.name === 'recall_memories')!.jsonSchema).toMatchObject({ required: ['query'] });
    expect(createHippoTools({ memory }).map((tool) => tool.name)).not.toContain('recall_conversation');
    expect(() => createHippoTools({ memory, agentId: 'bob' })).toThrow(/does not match/);
    expect(() => createHippoTools({ memory, messagesTable: 'x; DROP TABLE memories' })).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR' }));
  });

  it('remember_facts learns, and says what it learned', async () => {
    const result = await call('remember_facts', { text: 'I NEVER want to use Redux again, it was a nightmare. Oh and I tried that new café on Sukhumvit.' });
    expect(result).toMatchObject({ ok: true, data: { summary: 'Learned 2 facts: 2 new (Redux; café on Sukhumvit)' } });
    expect(await call('remember_facts', { text: '' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('store_memory stores verbatim and strengthens a verbatim duplicate (normalized content) instead of inserting', async () => {
    const first = await call('store_memory', { content: 'We chose Postgres for billing', metadata: { userId: 'u1' }, intensity: 0.4, type: 'decision' });
    const second = await call('store_memory', { content: '  we chose POSTGRES for billing ', intensity: 0.8 });
    expect(first).toMatchObject({ ok: true, data: { outcome: 'stored', encounterCount: 1, runningIntensity: 0.4 } });
    expect(second).toMatchObject({ ok: true, data: { outcome: 'reinforced', encounterCount: 2 } });
    expect(second.ok && (second.data as { runningIntensity: number }).runningIntensity).toBeCloseTo(0.6, 10);
    expect(await memory.store.count({ agentId: 'ada' })).toBe(1);
    const [stored] = await memory.store.query({ agentId: 'ada' }, {});
    expect(stored).toMatchObject({ type: 'decision', context: { userId: 'u1' } });
    expect(stored!.consolidatedAt).not.toBeNull();
  });

  it('memory blocks: append creates, replace edits every match, recall reads or gives null', async () => {
    expect(await call('recall_memory_block', { key: 'human' })).toEqual({ ok: true, data: { key: 'human', value: null, updatedAt: null } });
    expect(await call('append_memory_block', { key: 'human', text: 'Name: Ada' })).toMatchObject({ ok: true, data: { created: true, value: 'Name: Ada' } });
    await call('append_memory_block', { key: 'human', text: 'Likes Ada Lovelace quotes' });
    expect(await call('replace_memory_block', { key: 'human', find: 'Ada', replace: 'Grace' })).toMatchObject({
      ok: true,
      data: { value: 'Name: Grace\nLikes Grace Lovelace quotes', replacements: 2, updatedAt: new Date(now).toISOString() },
    });
    expect(await call('recall_memory_block', { key: 'human' })).toMatchObject({ ok: true, data: { value: 'Name: Grace\nLikes Grace Lovelace quotes' } });
  });

  it('memory blocks: missing text, missing block and odd keys are error results, and change nothing', async () => {
    await call('append_memory_block', { key: 'persona', text: 'Terse.' });
    expect(await call('replace_memory_block', { key: 'persona', find: 'Verbose', replace: 'x' })).toMatchObject({ ok: false, error: { code: 'BLOCK_TEXT_NOT_FOUND' } });
    expect(await call('replace_memory_block', { key: 'nothing', find: 'a', replace: 'b' })).toMatchObject({ ok: false, error: { code: 'BLOCK_NOT_FOUND' } });
    for (const key of ['../etc', 'a b', '', 'x'.repeat(65), 'emoji🙂', 'semi;colon']) {
      expect(await call('append_memory_block', { key, text: 'x' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    }
    expect(await call('append_memory_block', { key: 'persona', text: 'y'.repeat(50_000) })).toMatchObject({ ok: false, error: { code: 'CONTENT_TOO_LARGE' } });
    expect(await call('recall_memory_block', { key: 'persona' })).toMatchObject({ ok: true, data: { value: 'Terse.' } });
  });

  it('recall_memories searches facts and memories with a score breakdown, filtered by kind', async () => {
    await call('remember_facts', { text: 'I live in Berlin.' });
    await call('store_memory', { content: 'Berlin office opens at nine' });
    const both = await call('recall_memories', { query: 'Berlin' });
    expect(both.ok && (both.data as { results: { kind: string; explain: object }[] }).results.map((result) => result.kind).sort()).toEqual(['fact', 'memory']);
    const facts = await call('recall_memories', { query: 'Berlin', kind: 'fact', limit: 5 });
    expect(facts).toMatchObject({ ok: true, data: { results: [{ content: 'User lives in Berlin', explain: { keyword: expect.any(Number) } }] } });
    expect(await call('recall_memories', { query: 'x', limit: 0 })).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('recall_memories gives each result a similarity comparable across queries, where the score only ranks within one answer', async () => {
    await call('store_memory', { content: 'Berlin office opens at nine' });
    await call('store_memory', { content: 'The gym is called FitZone' });
    type Answer = { results: { content: string; score: number; similarity: number }[] };
    const related = await call('recall_memories', { query: 'Berlin office opens' });
    const unrelated = await call('recall_memories', { query: 'quantum chromodynamics lecture notes' });
    const best = (answer: typeof related) => (answer.ok ? (answer.data as Answer).results[0] : undefined);
    expect(best(related)).toMatchObject({ content: 'Berlin office opens at nine', similarity: expect.any(Number) });
    expect(best(related)!.similarity).toBeGreaterThan(0.5);
    // Nothing stored is about the second query: its best result still ranks first, but its similarity says so.
    expect(best(unrelated)?.similarity ?? 0).toBeLessThan(0.2);
  });

  it('recall_conversation searches the host messages table', async () => {
    const db = (memory.backend as SqliteBackend).pool.connection('ada');
    db.prepare('INSERT INTO messages (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)').run('c1', 'user', 'Our standup moved to 9:30', 1);
    expect(await call('recall_conversation', { query: 'when is standup?' })).toMatchObject({ ok: true, data: { messages: [{ content: 'Our standup moved to 9:30', role: 'user' }] } });
  });

  it('forget_memory deletes what matches the description and nothing else', async () => {
    await call('store_memory', { content: 'The door code of the Kreuzberg flat is 4711' });
    await call('store_memory', { content: 'We deploy on Tuesdays' });
    const result = await call('forget_memory', { description: 'door code of the Kreuzberg flat' });
    expect(result).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: 'The door code of the Kreuzberg flat is 4711' }] } });
    expect((await memory.store.query({ agentId: 'ada' }, {})).map((record) => record.content)).toEqual(['We deploy on Tuesdays']);
  });

  it('forget_memory with ids some of which do not exist forgets nothing and names each missing id once', async () => {
    const stored = (await call('store_memory', { content: 'The boiler service is due in May' })) as { ok: true; data: { id: string } };
    expect(await call('forget_memory', { ids: [stored.data.id, 'nope', 'nope', 'gone'] })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Memories "nope, gone" were not found: nothing was forgotten' } });
    expect(await call('forget_memory', { ids: ['nope', 'nope'] })).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Memory "nope" was not found: nothing was forgotten' } });
    expect(await memory.get(stored.data.id)).not.toBeNull();
  });

  it('forget_memory names the memory-block lines that still say what it forgot, by description and by ids, and leaves the blocks to the agent', async () => {
    await call('append_memory_block', { key: 'human', text: 'Prefers short answers' });
    await call('append_memory_block', { key: 'human', text: 'Locker code: 4471 (gym on Rua Augusta)' });
    await call('store_memory', { content: "The user's gym locker code is 4471", type: 'observation' });
    const byDescription = await call('forget_memory', { description: 'my gym locker code' });
    expect(byDescription).toMatchObject({ ok: true, data: { deleted: 1, stillInBlocks: [{ key: 'human', lines: ['Locker code: 4471 (gym on Rua Augusta)'] }], next: expect.stringContaining('replace_memory_block') } });
    // The block is the agent's own note: reported, not rewritten behind its back.
    expect(await call('recall_memory_block', { key: 'human' })).toMatchObject({ data: { value: 'Prefers short answers\nLocker code: 4471 (gym on Rua Augusta)' } });
    const stored = await call('store_memory', { content: 'Locker 4471 is on the second floor of the gym', type: 'observation' });
    const id = (stored as { data: { id: string } }).data.id;
    const byIds = await call('forget_memory', { ids: [id] });
    expect(byIds).toMatchObject({ ok: true, data: { deleted: 1, stillInBlocks: [{ key: 'human', lines: ['Locker code: 4471 (gym on Rua Augusta)'] }] } });
    await call('replace_memory_block', { key: 'human', find: '\nLocker code: 4471 (gym on Rua Augusta)', replace: '' });
    await call('store_memory', { content: 'The gym locker code is 9902', type: 'observation' });
    const clean = await call('forget_memory', { description: 'the gym locker code' });
    expect(clean).toMatchObject({ ok: true, data: { deleted: 1 } });
    expect((clean as { data: Record<string, unknown> }).data).not.toHaveProperty('stillInBlocks');
  });

  it('a store failure comes back as a result with its code, not a throw', async () => {
    await memory.stop();
    expect(await call('store_memory', { content: 'after close' })).toMatchObject({ ok: false, error: { code: 'ENGINE_CLOSED' } });
  });
});

describe('a failure nobody anticipated', () => {
  it("is an INTERNAL_ERROR result in fixed words; the error's own, naming a private path, goes to the host's stderr", async () => {
    const { stdout, stderr } = await runScript('unexpected-tool-error.ts', []);
    const result = JSON.parse(stdout.trim()) as { ok: boolean; error: { code: string; message: string } };
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL_ERROR', message: UNEXPECTED_TOOL_ERROR } });
    expect(stdout).not.toContain('/home/ada');
    expect(stderr).toContain('[hippocampus tool]');
    expect(stderr).toContain("/home/ada/private/notes.txt");
  });
});
