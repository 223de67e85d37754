import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHttpAppFixture, type HttpAppFixture } from '../testing/http-app-fixture.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { startServer } from './serve.ts';

let fixture: HttpAppFixture;
beforeEach(async () => {
  fixture = await createHttpAppFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

interface BlockAnswer {
  block: { key: string; value: string; updatedAt: number };
}

describe('memory blocks', () => {
  test('put, get, list, replace and append; each change is visible to the next read', async () => {
    expect((await fixture.app.request('/agents/ada/blocks/human')).status).toBe(404);
    const put = await fixture.json('/agents/ada/blocks/human', 'PUT', { value: 'Name: Ada\nLives in Berlin' });
    expect(put.status).toBe(200);
    const replaced = await fixture.json('/agents/ada/blocks/human/replace', 'POST', { find: 'Berlin', replace: 'Lisbon' });
    expect(await replaced.json()).toMatchObject({ key: 'human', value: 'Name: Ada\nLives in Lisbon', replacements: 1 });
    const appended = await fixture.json('/agents/ada/blocks/human/append', 'POST', { text: 'Prefers short answers' });
    expect(await appended.json()).toMatchObject({ value: 'Name: Ada\nLives in Lisbon\nPrefers short answers', created: false });
    const { block } = (await (await fixture.app.request('/agents/ada/blocks/human')).json()) as BlockAnswer;
    expect(block.value).toBe('Name: Ada\nLives in Lisbon\nPrefers short answers');
    await fixture.json('/agents/ada/blocks/persona/append', 'POST', { text: 'Terse and kind' });
    const { blocks } = (await (await fixture.app.request('/agents/ada/blocks')).json()) as { blocks: { key: string }[] };
    expect(blocks.map((entry) => entry.key).sort()).toEqual(['human', 'persona']);
  });

  test('a put answers the block as it was stored: a U+0000 the stores drop is not echoed', async () => {
    const put = (await (await fixture.json('/agents/ada/blocks/persona', 'PUT', { value: 'a\u0000b' })).json()) as BlockAnswer;
    const { block } = (await (await fixture.app.request('/agents/ada/blocks/persona')).json()) as BlockAnswer;
    expect(block.value).toBe('ab');
    expect(put.block).toEqual(block);
  });

  test('errors carry the block codes and statuses', async () => {
    const missingBlock = await fixture.json('/agents/ada/blocks/nothing/replace', 'POST', { find: 'a', replace: 'b' });
    expect(missingBlock.status).toBe(404);
    expect(((await missingBlock.json()) as { error: { code: string } }).error.code).toBe('BLOCK_NOT_FOUND');
    await fixture.json('/agents/ada/blocks/human', 'PUT', { value: 'Name: Ada' });
    const missingText = await fixture.json('/agents/ada/blocks/human/replace', 'POST', { find: 'Berlin', replace: 'Lisbon' });
    expect(missingText.status).toBe(404);
    expect(((await missingText.json()) as { error: { code: string } }).error.code).toBe('BLOCK_TEXT_NOT_FOUND');
    expect((await fixture.json('/agents/ada/blocks/bad key!', 'PUT', { value: 'x' })).status).toBe(400);
    expect((await fixture.json('/agents/ada/blocks/human', 'PUT', { text: 'x' })).status).toBe(400);
    expect((await fixture.json('/agents/ada/blocks/human/append', 'POST', { text: '  ' })).status).toBe(400);
  });
});

describe('facts and forgetting by description', () => {
  test('a fact is learned, then superseded, and its history says so', async () => {
    const first = (await (await fixture.json('/agents/ada/facts', 'POST', { text: 'I live in Berlin.' })).json()) as { facts: { id: string; outcome: string }[] };
    expect(first.facts.length).toBeGreaterThan(0);
    const second = (await (await fixture.json('/agents/ada/facts', 'POST', { text: 'I moved to Lisbon.' })).json()) as { summary: string };
    expect(typeof second.summary).toBe('string');
    const facts = (await (await fixture.app.request('/agents/ada/memories?kinds=fact&includeSuperseded=true')).json()) as { memories: { id: string }[] };
    expect(facts.memories.length).toBeGreaterThan(0);
    const history = (await (await fixture.app.request(`/agents/ada/memories/${facts.memories.at(-1)!.id}/history`)).json()) as { events: { event: string }[] };
    expect(history.events[0]!.event).toBe('created');
    expect((await fixture.json('/agents/ada/facts', 'POST', { text: '' })).status).toBe(400);
  });

  test('forget by description deletes what matches and nothing else (keyword-only agent: every word must be held)', async () => {
    await fixture.cleanup();
    fixture = await createHttpAppFixture({ embedder: null });
    const response = await fixture.json('/agents/ada/forget', 'POST', { description: 'coffee standups' });
    expect(response.status).toBe(200);
    const { deleted, forgotten } = (await response.json()) as { deleted: string[]; forgotten: { content: string }[] };
    expect(forgotten.map((memory) => memory.content)).toEqual(['Ada prefers her coffee black and her standups short']);
    expect(deleted).toHaveLength(1);
    expect(((await (await fixture.app.request('/agents/ada/memories')).json()) as { total: number }).total).toBe(6);
  });

  test('forget by description says which block lines still hold it, as forget_memory does', async () => {
    await fixture.cleanup();
    fixture = await createHttpAppFixture({ embedder: null });
    await fixture.json('/agents/ada/blocks/human', 'PUT', { value: 'Name: Ada\nCoffee: black, standups short' });
    const response = await fixture.json('/agents/ada/forget', 'POST', { description: 'coffee standups' });
    expect(await response.json()).toMatchObject({ deleted: [expect.any(String)], stillInBlocks: [{ key: 'human', lines: ['Coffee: black, standups short'] }] });
  });

  test('forget by ids says which block lines still hold it too, with what to do about them', async () => {
    await fixture.cleanup();
    fixture = await createHttpAppFixture({ embedder: null });
    await fixture.json('/agents/ada/blocks/human', 'PUT', { value: 'Name: Ada\nShips: Fridays, after the canary' });
    const billing = fixture.seeded.find((memory) => memory.content.includes('Fridays'))!;
    const response = await fixture.json('/agents/ada/forget', 'POST', { ids: [billing.id] });
    expect(await response.json()).toMatchObject({ deleted: [billing.id], stillInBlocks: [{ key: 'human', lines: ['Ships: Fridays, after the canary'] }], next: expect.stringContaining('replace_memory_block') });
    const clean = await fixture.json('/agents/ada/forget', 'POST', { ids: [fixture.seeded.find((memory) => memory.content.includes('coffee'))!.id] });
    expect(await clean.json()).not.toHaveProperty('stillInBlocks');
  });

  test('DELETE of one memory (the dashboard and scripts) says which block lines still hold it too', async () => {
    await fixture.cleanup();
    fixture = await createHttpAppFixture({ embedder: null });
    await fixture.json('/agents/ada/blocks/human', 'PUT', { value: 'Name: Ada\nShips: Fridays, after the canary' });
    const billing = fixture.seeded.find((memory) => memory.content.includes('Fridays'))!;
    const response = await fixture.app.request(`/agents/ada/memories/${billing.id}`, { method: 'DELETE' });
    expect(await response.json()).toMatchObject({ deleted: [billing.id], stillInBlocks: [{ key: 'human', lines: ['Ships: Fridays, after the canary'] }], next: expect.stringContaining('replace_memory_block') });
  });
});

describe('a refused block write changes nothing', () => {
  test('a bad key or body for an agent that does not exist yet is a 400 over a real socket, and no agent is created', async () => {
    const { home, cleanup } = createTempHome('hippocampus-blocks-');
    const server = await startServer({ home, port: 0, embedder: null, consolidation: { every: 'never' } });
    try {
      const send = (method: string, path: string, body: unknown) => fetch(`${server.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      for (const [method, path, body] of [
        ['PUT', '/agents/ghost/blocks/persona', { value: 5 }],
        ['PUT', '/agents/ghost/blocks/bad%20key!', { value: 'x' }],
        ['POST', '/agents/ghost/blocks/persona/append', { key: 'x' }],
        ['POST', '/agents/ghost/blocks/bad%20key!/append', { text: 'x' }],
      ] as const) {
        const response = await send(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_ERROR');
      }
      expect(await (await fetch(`${server.url}/agents`)).json()).toEqual({ agents: [] });
      expect(fs.existsSync(path.join(home, 'agents', 'ghost'))).toBe(false);
    } finally {
      await server.close();
      cleanup();
    }
  });

  test('text that states no fact, sent for an agent that does not exist, is answered as nothing learned and creates no agent', async () => {
    const { home, cleanup } = createTempHome('hippocampus-facts-');
    const server = await startServer({ home, port: 0, embedder: null, consolidation: { every: 'never' } });
    try {
      const send = (agent: string, text: string) => fetch(`${server.url}/agents/${agent}/facts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text }) });
      for (const text of ['ok thanks', 'hmm?']) {
        const response = await send('ghost', text);
        expect(response.status, text).toBe(200);
        expect(await response.json()).toEqual({ summary: 'No facts found in the text.', facts: [] });
      }
      expect(await (await fetch(`${server.url}/agents`)).json()).toEqual({ agents: [] });
      expect(fs.existsSync(path.join(home, 'agents', 'ghost'))).toBe(false);
      // A text that states one still brings the agent into being, as before.
      const learned = (await (await send('ada', 'I live in Berlin.')).json()) as { facts: unknown[] };
      expect(learned.facts.length).toBeGreaterThan(0);
      expect(await (await fetch(`${server.url}/agents`)).json()).toEqual({ agents: [{ id: 'ada' }] });
    } finally {
      await server.close();
      cleanup();
    }
  });
});
