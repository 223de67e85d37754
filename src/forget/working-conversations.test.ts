import { describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createHttpAppFixture } from '../testing/http-app-fixture.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { eachTestEngine, type TempEngine } from '../testing/temp-engine.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';
import { describeConversation, parseTranscript } from '../working/conversation-features.ts';
import { createInProcessWorkingMemory } from '../working/in-process-store.ts';
import { openAgentWorkingMemory } from '../working/working-snapshot.ts';

const PIN = 'my bank PIN is 8841 and my mother maiden name is Thistlewood';

let home: TempEngine['home'];
let memory: Hippocampus;
eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), async (opened) => {
  ({ home, memory } = opened);
  await memory.rememberMany([{ type: 'decision', content: 'We deploy on Tuesdays after the canary is green' }], { longTerm: true });
});

/** Conversations in the agent's working memory, as `hippocampus working store` keeps them (memory/working.json). */
async function converse(conversations: Record<string, string>, where: { home: string; memory: Hippocampus } = { home: home.home, memory }): Promise<void> {
  const working = await openAgentWorkingMemory({ home: where.home, agentId: 'ada', embedder: where.memory.embedder });
  for (const [conversationId, text] of Object.entries(conversations)) {
    await working.store.store({ agentId: 'ada' }, await describeConversation({ conversationId, timestamp: Date.now(), turns: parseTranscript(text) }, where.memory.embedder!));
  }
  await working.close();
}

const toolsOf = () => Object.fromEntries(createHippoTools({ memory }).map((tool) => [tool.name, tool]));

describe('forget_memory and working memory', () => {
  it('offers a conversation that says what the user asks to forget, deletes nothing at once, and forgets it when confirmed by id', async () => {
    await converse({ 'c-pin': `user: ${PIN}\nassistant: noted`, 'c-standup': 'user: the standup moved to ten\nassistant: noted' });
    const tools = toolsOf();
    const offered = await tools.forget_memory!.execute({ description: 'my mother maiden name' });
    expect(offered).toMatchObject({ ok: true, data: { deleted: 0, candidates: [{ id: 'c-pin', content: `user: ${PIN}\nassistant: noted` }] } });
    expect(allBytesUnder(home.home)).toContain('thistlewood');
    expect(await tools.forget_memory!.execute({ ids: ['c-pin'] })).toEqual({ ok: true, data: { deleted: 1, forgotten: [{ id: 'c-pin', kind: 'conversation' }] } });
    const bytes = allBytesUnder(home.home);
    for (const word of ['thistlewood', '8841', 'maiden']) expect(bytes, `"${word}" survives under the home`).not.toContain(word);
    expect(bytes).toContain('standup');
    expect(bytes).toContain('canary');
  });

  it('names a conversation that still says it after a sure forget of a memory, and refuses an unknown id with nothing forgotten', async () => {
    await converse({ 'c-pin': `user: ${PIN}\nassistant: noted` });
    await memory.rememberMany([{ type: 'observation', content: "User's mother's maiden name is Thistlewood" }], { longTerm: true });
    const tools = toolsOf();
    const result = await tools.forget_memory!.execute({ description: 'my mother maiden name' });
    expect(result).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: "User's mother's maiden name is Thistlewood" }], candidates: [{ id: 'c-pin' }] } });
    expect(result.ok && (result.data as { next: string }).next).toMatch(/working memory still say it/);
    expect(await tools.forget_memory!.execute({ ids: ['c-pin', 'c-nope'] })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'Memory "c-nope" was not found: nothing was forgotten' } });
    expect(allBytesUnder(home.home)).toContain('thistlewood');
  });
});

describe('HTTP forget and working memory', () => {
  it('POST …/forget {description} offers the conversation (the preview too), {ids} forgets it, and a sure forget beside it still reports what it deleted', async () => {
    const fixture = await createHttpAppFixture();
    try {
      const engine = await fixture.registry.get('ada');
      await converse({ 'c-pin': `user: ${PIN}\nassistant: noted` }, { home: fixture.home, memory: engine });
      const preview = await (await fixture.json('/agents/ada/forget/preview', 'POST', { description: 'my mother maiden name' })).json();
      expect(preview).toMatchObject({ memories: [], candidates: [{ id: 'c-pin' }] });
      const offered = await (await fixture.json('/agents/ada/forget', 'POST', { description: 'my mother maiden name' })).json();
      expect(offered).toMatchObject({ deleted: [], candidates: [{ id: 'c-pin' }] });
      expect(await (await fixture.json('/agents/ada/forget/preview', 'POST', { ids: ['c-pin'] })).json()).toEqual({ memories: [], missing: [], conversations: ['c-pin'] });

      const [fact] = await engine.rememberMany([{ type: 'observation', content: "User's mother's maiden name is Thistlewood" }], { longTerm: true });
      const sure = await (await fixture.json('/agents/ada/forget', 'POST', { description: 'my mother maiden name' })).json();
      expect(sure).toMatchObject({ deleted: [fact!.memory.id], candidates: [{ id: 'c-pin' }] });

      expect(await (await fixture.json('/agents/ada/forget', 'POST', { ids: ['c-pin'] })).json()).toEqual({ deleted: ['c-pin'], missing: [] });
      expect(allBytesUnder(fixture.home)).not.toContain('thistlewood');
    } finally {
      await fixture.cleanup();
    }
  });
});

describe('forget_memory and the working memory the engine was given', () => {
  it('offers a conversation held in the given store (not the snapshot), and drops it from that store when confirmed', async () => {
    const workingMemory = createInProcessWorkingMemory();
    const engineHome = createTempHome();
    const engine = await createHippocampus({ home: engineHome.home, agentId: 'ada', embedder: createHashEmbedder(), workingMemory });
    try {
      await workingMemory.store({ agentId: 'ada' }, await describeConversation({ conversationId: 'c-pin', timestamp: Date.now(), turns: parseTranscript(`user: ${PIN}\nassistant: noted`) }, engine.embedder!));
      const forget = createHippoTools({ memory: engine }).find((tool) => tool.name === 'forget_memory')!;
      expect(await forget.execute({ description: 'my mother maiden name' })).toMatchObject({ ok: true, data: { deleted: 0, candidates: [{ id: 'c-pin' }] } });
      expect(await workingMemory.get({ agentId: 'ada' }, 'c-pin')).not.toBeNull();
      expect(await forget.execute({ ids: ['c-pin'] })).toEqual({ ok: true, data: { deleted: 1, forgotten: [{ id: 'c-pin', kind: 'conversation' }] } });
      expect(await workingMemory.get({ agentId: 'ada' }, 'c-pin')).toBeNull();
    } finally {
      await engine.stop();
      engineHome.cleanup();
    }
  });
});

describe('what forgetting a memory drops from working memory is reported', () => {
  const SAID = 'The locker code at the gym is 4471';
  const held = (conversationId: string) => ({ id: conversationId, kind: 'conversation', why: expect.stringContaining('still held the text of a forgotten memory') });

  it('forget_memory names the conversation of the given store (in process) that held the forgotten text, by description and by ids', async () => {
    const workingMemory = createInProcessWorkingMemory();
    const engineHome = createTempHome();
    const engine = await createHippocampus({ home: engineHome.home, agentId: 'ada', embedder: createHashEmbedder(), workingMemory });
    try {
      const converseHere = async (conversationId: string) =>
        workingMemory.store({ agentId: 'ada' }, await describeConversation({ conversationId, timestamp: Date.now(), turns: parseTranscript(`user: ${SAID}\nassistant: noted`) }, engine.embedder!));
      const forget = createHippoTools({ memory: engine }).find((tool) => tool.name === 'forget_memory')!;
      await converseHere('c-locker');
      const [first] = await engine.rememberMany([{ type: 'observation', content: SAID }], { longTerm: true });
      const byDescription = await forget.execute({ description: 'the gym locker code' });
      expect(byDescription).toMatchObject({ ok: true, data: { deleted: 2, forgotten: [{ id: first!.memory.id, content: SAID }, held('c-locker')] } });
      expect(await workingMemory.get({ agentId: 'ada' }, 'c-locker')).toBeNull();

      await converseHere('c-locker-again');
      const [second] = await engine.rememberMany([{ type: 'observation', content: SAID }], { longTerm: true });
      expect(await forget.execute({ ids: [second!.memory.id] })).toEqual({ ok: true, data: { deleted: 2, forgotten: [{ id: second!.memory.id }, held('c-locker-again')] } });
      expect(await workingMemory.get({ agentId: 'ada' }, 'c-locker-again')).toBeNull();
    } finally {
      await engine.stop();
      engineHome.cleanup();
    }
  });

  it('HTTP forget {ids} and DELETE …/memories/:id list the snapshot conversation that went with the memory under deleted', async () => {
    const fixture = await createHttpAppFixture();
    try {
      const engine = await fixture.registry.get('ada');
      await converse({ 'c-locker': `user: ${SAID}\nassistant: noted` }, { home: fixture.home, memory: engine });
      const [first] = await engine.rememberMany([{ type: 'observation', content: SAID }], { longTerm: true });
      expect(await (await fixture.json('/agents/ada/forget', 'POST', { ids: [first!.memory.id] })).json()).toEqual({ deleted: [first!.memory.id, 'c-locker'], missing: [] });

      await converse({ 'c-locker-again': `user: ${SAID}\nassistant: noted` }, { home: fixture.home, memory: engine });
      const [second] = await engine.rememberMany([{ type: 'observation', content: SAID }], { longTerm: true });
      expect(await (await fixture.json(`/agents/ada/memories/${second!.memory.id}`, 'DELETE')).json()).toEqual({ deleted: [second!.memory.id, 'c-locker-again'] });
      expect(allBytesUnder(fixture.home)).not.toContain('4471');
    } finally {
      await fixture.cleanup();
    }
  });
});
