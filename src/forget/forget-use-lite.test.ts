import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';

// The real model is the point here: the calibrated USE-lite threshold must
// delete what a person describes, and only that.
let home: ReturnType<typeof createTempHome>;
let memory: Hippocampus;
beforeAll(async () => {
  home = createTempHome();
  memory = await createHippocampus({ home: home.home, agentId: 'ada' });
  await memory.rememberMany(
    [
      { type: 'observation', content: 'The door code of the Kreuzberg flat is 4711' },
      { type: 'observation', content: 'The Kreuzberg bakery opens at seven' },
      { type: 'decision', content: 'We deploy on Tuesdays after the canary is green' },
      { type: 'observation', kind: 'fact', content: 'User strongly dislikes Redux' },
    ],
    { longTerm: true },
  );
});
afterAll(async () => {
  await memory.stop();
  home.cleanup();
});

describe('forget_memory with USE-lite', () => {
  it('forgets the memory a description means, and nothing near it', async () => {
    const forget = createHippoTools({ memory }).find((tool) => tool.name === 'forget_memory')!;
    // Two door codes: "the door code" could mean either, so nothing goes and both come back to confirm.
    const [office] = await memory.rememberMany([{ type: 'observation', content: 'The door code of the Mitte office is 2290' }], { longTerm: true });
    const unsure = await forget.execute({ description: 'the door code' });
    expect(unsure).toMatchObject({ ok: true, data: { deleted: 0 } });
    expect((unsure as { data: { candidates: { content: string }[] } }).data.candidates.map((candidate) => candidate.content).sort()).toEqual(['The door code of the Kreuzberg flat is 4711', 'The door code of the Mitte office is 2290']);
    // The confirmation step forgets exactly the id given.
    expect(await forget.execute({ ids: [office!.memory.id] })).toMatchObject({ ok: true, data: { deleted: 1 } });
    // With one door code left, the same words name it; so does the name of the flat.
    expect(await forget.execute({ description: 'my Kreuzberg door code' })).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: 'The door code of the Kreuzberg flat is 4711' }] } });
    const left = await memory.store.query({ agentId: 'ada' }, { orderBy: 'id', direction: 'asc' });
    expect(left.map((record) => record.content)).toEqual(['The Kreuzberg bakery opens at seven', 'We deploy on Tuesdays after the canary is green', 'User strongly dislikes Redux']);
  });
});

describe('forget_memory over MCP, as the issue describes it', () => {
  it('the two-step flow: an uncertain description deletes nothing and lists candidates; the confirm by ids deletes', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const { createMcpServer } = await import('../mcp/create-mcp-server.ts');
    const own = createTempHome();
    const agent = await createHippocampus({ home: own.home, agentId: 'keys' });
    try {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await createMcpServer({ memory: agent }).connect(serverTransport);
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(clientTransport);
      const tool = (await client.listTools()).tools.find((entry) => entry.name === 'forget_memory')!;
      // The description tells the agent about both steps.
      expect(tool.description).toMatch(/Step 1.*candidates.*step 2.*\{ ids \}/s);
      const call = async (name: string, args: Record<string, unknown>) => JSON.parse(((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]!.text) as Record<string, unknown>;
      await call('store_memory', { content: 'The spare house key is hidden under the blue flowerpot' });
      await call('store_memory', { content: 'I lost the spare key to my car' });
      const unsure = (await call('forget_memory', { description: 'the spare key' })) as { deleted: number; candidates: { id: string; content: string; why: string }[]; next: string };
      expect(unsure.deleted).toBe(0);
      expect(unsure.candidates.map((candidate) => candidate.content).sort()).toEqual(['I lost the spare key to my car', 'The spare house key is hidden under the blue flowerpot']);
      expect(unsure.candidates.every((candidate) => candidate.why.length > 0)).toBe(true);
      expect(unsure.next).toMatch(/ids/);
      expect(await agent.store.count({ agentId: 'keys' })).toBe(2);
      const house = unsure.candidates.find((candidate) => candidate.content.startsWith('The spare house key'))!;
      expect(await call('forget_memory', { ids: [house.id] })).toMatchObject({ deleted: 1, forgotten: [{ id: house.id }] });
      await client.close();
      expect((await agent.store.query({ agentId: 'keys' }, {})).map((record) => record.content)).toEqual(['I lost the spare key to my car']);
    } finally {
      await agent.stop();
      own.cleanup();
    }
  });

  it('store a sentence, forget it with a short natural description, and no byte of it remains under the home', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const { createMcpServer } = await import('../mcp/create-mcp-server.ts');
    const own = createTempHome();
    const agent = await createHippocampus({ home: own.home, agentId: 'safe' });
    try {
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await createMcpServer({ memory: agent }).connect(serverTransport);
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(clientTransport);
      const call = async (name: string, args: Record<string, unknown>) => JSON.parse(((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]!.text) as Record<string, unknown>;
      await call('store_memory', { content: 'The vault combination is seventeen purple elephants' });
      await call('store_memory', { content: 'We deploy on Tuesdays after the canary is green' });
      expect(await call('forget_memory', { description: 'the vault combination' })).toMatchObject({ deleted: 1 });
      await client.close();
      const bytes = allBytesUnder(own.home);
      // Nothing of the sentence, nor of the request (nothing records that it was made).
      for (const word of ['the vault combination is seventeen purple elephants', 'seventeen', 'purple', 'elephants', 'vault', 'combination']) expect(bytes).not.toContain(word);
      expect(bytes).toContain('canary');
    } finally {
      await agent.stop();
      own.cleanup();
    }
  });
});

describe('forget_memory when the user has two things of one kind (a probe)', () => {
  it('"my car" beside "my second car" names neither for sure: both come back to confirm; the qualified one and a name still delete', async () => {
    const own = createTempHome();
    const agent = await createHippocampus({ home: own.home, agentId: 'cars' });
    try {
      const forget = createHippoTools({ memory: agent }).find((tool) => tool.name === 'forget_memory')!;
      // Stored as a user would tell them, the second car first (the probe saw "my car" delete it).
      await agent.rememberMany([{ type: 'observation', content: 'My second car is a blue Volvo' }], { longTerm: true });
      await agent.rememberMany([{ type: 'observation', content: 'My car is a red Mazda' }], { longTerm: true });
      for (const description of ['my car', 'my cars', 'the car']) {
        const unsure = (await forget.execute({ description })) as { ok: true; data: { deleted: number; candidates: { content: string }[] } };
        expect(unsure.data.deleted).toBe(0);
        expect(unsure.data.candidates.map((candidate) => candidate.content).sort()).toEqual(['My car is a red Mazda', 'My second car is a blue Volvo']);
      }
      expect(await forget.execute({ description: 'my second car' })).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: 'My second car is a blue Volvo' }] } });
      // With one car left, "my car" is that car.
      expect(await forget.execute({ description: 'my car' })).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: 'My car is a red Mazda' }] } });
    } finally {
      await agent.stop();
      own.cleanup();
    }
  });

  it('stored after "Remember this:" (the README\'s remember) the two cars are still two: "my car" asks, and never deletes the one where the user parks it', async () => {
    const own = createTempHome();
    const agent = await createHippocampus({ home: own.home, agentId: 'cars' });
    try {
      const forget = createHippoTools({ memory: agent }).find((tool) => tool.name === 'forget_memory')!;
      // A probe: "my car" deleted the garage memory as "the only such memory about the user's own life".
      for (const content of ['Remember this: my car is a red Volvo', 'Remember this: my second car is a blue Fiat', 'Remember this: I park my car at the Elm street garage']) {
        await agent.rememberMany([{ type: 'observation', content }], { longTerm: true });
      }
      const unsure = (await forget.execute({ description: 'my car' })) as { ok: true; data: { deleted: number; candidates?: { content: string }[] } };
      expect(unsure.data.deleted, JSON.stringify(unsure)).toBe(0);
      expect(unsure.data.candidates?.map((candidate) => candidate.content)).toContain('Remember this: my car is a red Volvo');
    } finally {
      await agent.stop();
      own.cleanup();
    }
  });
});

describe('forget_memory with a contraction in the description (a probe)', () => {
  it('"that I\'m vegetarian" is "that I am vegetarian": the contraction is neither a name the memory must hold nor a word', async () => {
    const own = createTempHome();
    const agent = await createHippocampus({ home: own.home, agentId: 'diet' });
    try {
      const forget = createHippoTools({ memory: agent }).find((tool) => tool.name === 'forget_memory')!;
      await agent.rememberMany(['User is a vegetarian since 2019', 'User is allergic to peanuts', 'User loves their dog Rex so much'].map((content) => ({ type: 'observation' as const, kind: 'fact' as const, content })), { longTerm: true });
      // Before: "I'm" was read as a name only a memory saying "I'm" could hold, so nothing was found at all.
      expect(await forget.execute({ description: "that I'm allergic to peanuts" })).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: 'User is allergic to peanuts' }] } });
      expect(await forget.execute({ description: 'that I’m vegetarian' })).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: 'User is a vegetarian since 2019' }] } });
    } finally {
      await agent.stop();
      own.cleanup();
    }
  });
});
