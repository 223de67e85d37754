import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHttpApp } from './create-http-app.ts';
import { createEngineRegistry, type EngineRegistry } from './engine-registry.ts';

let home: ReturnType<typeof createTempHome>;
let registry: EngineRegistry | undefined;
afterEach(async () => {
  await registry?.closeAll();
  registry = undefined;
  home?.cleanup();
});

const closed = async (promise: Promise<unknown>) => promise.then(() => false, (error: unknown) => HippocampusError.isInstance(error) && error.code === 'ENGINE_CLOSED');

describe('the engine registry keeps a bounded number of agents open', () => {
  it('opening more agents than the cap closes the least recently used; their memories are all there when reopened', async () => {
    home = createTempHome();
    registry = createEngineRegistry({ home: home.home, embedder: createHashEmbedder(), maxOpenAgents: 3, idleCloseMs: 0 });
    const engines: Hippocampus[] = [];
    for (let index = 0; index < 5; index += 1) {
      const engine = await registry.get(`agent-${index}`, { create: true });
      await engine.remember({ type: 'decision', content: `agent ${index} ships on Tuesdays`, importance: 0.9 });
      engines.push(engine);
    }
    expect(registry.openAgents()).toEqual(['agent-2', 'agent-3', 'agent-4']);
    await expect.poll(() => closed(engines[0]!.stats())).toBe(true);
    expect(await closed(engines[4]!.stats())).toBe(false);
    const reopened = await registry.get('agent-0');
    expect((await reopened.recall({ limit: 10 })).map((record) => record.content)).toEqual(['agent 0 ships on Tuesdays']);
    expect(registry.openAgents()).toEqual(['agent-3', 'agent-4', 'agent-0']);
  });

  it('an agent a running request holds is never closed to make room, and is closed once the request ends', async () => {
    home = createTempHome();
    registry = createEngineRegistry({ home: home.home, embedder: createHashEmbedder(), maxOpenAgents: 1, idleCloseMs: 0 });
    const held = await registry.withLeases(async () => {
      const engine = await registry!.get('busy', { create: true });
      for (let index = 0; index < 3; index += 1) await registry!.get(`other-${index}`, { create: true });
      // Three other agents came and went while this request ran; its engine is still open and usable.
      await engine.remember({ type: 'observation', content: 'written while others were opened', importance: 0.8 });
      expect(registry!.openAgents()).toContain('busy');
      return engine;
    });
    await registry.get('after', { create: true });
    expect(registry.openAgents()).toEqual(['after']);
    await expect.poll(() => closed(held.stats())).toBe(true);
  });

  it("a request whose open failed does not give back the lease of the request that opened the agent after it (that engine was closed under it)", async () => {
    home = createTempHome();
    // An agent "ADA" under the home makes opening "ada" fail (INVALID_AGENT_ID: one folder on macOS and Windows) until it is gone.
    const upper = await createHippocampus({ home: home.home, agentId: 'ADA', embedder: createHashEmbedder() });
    await upper.stop();
    registry = createEngineRegistry({ home: home.home, embedder: createHashEmbedder(), maxOpenAgents: 1, idleCloseMs: 0 });
    let releaseFailed!: () => void;
    let failedOpen!: () => void;
    const opened = new Promise<void>((resolve) => (failedOpen = resolve));
    const failed = registry.withLeases(async () => {
      await expect(registry!.get('ada', { create: true })).rejects.toMatchObject({ code: 'INVALID_AGENT_ID' });
      failedOpen();
      await new Promise<void>((resolve) => (releaseFailed = resolve));
    });
    await opened;
    fs.rmSync(path.join(home.home, 'agents', 'ADA'), { recursive: true });
    await registry.withLeases(async () => {
      const engine = await registry!.get('ada', { create: true });
      releaseFailed();
      await failed; // the failed request ends while this one still holds ada
      await registry!.withLeases(() => registry!.get('bob', { create: true })); // the cap needs room
      await engine.remember({ type: 'decision', content: 'written while another agent was opened', importance: 0.9 });
    });
    expect((await (await registry.get('ada')).recall({ limit: 5 })).map((record) => record.content)).toEqual(['written while another agent was opened']);
  });

  it('after closeAll no agent opens again: a late request is ENGINE_CLOSED (503) and leaves no engine open behind', async () => {
    home = createTempHome();
    const http = createHttpApp({ home: home.home, embedder: createHashEmbedder(), logError: () => {} });
    await http.close();
    const response = await http.app.request('/agents/late/memories', { method: 'POST', headers: { 'content-type': 'application/json', host: '127.0.0.1' }, body: JSON.stringify({ type: 'chat', content: 'after the close' }) });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'ENGINE_CLOSED' } });
    expect(http.registry.openAgents()).toEqual([]);
    expect(fs.existsSync(path.join(home.home, 'agents', 'late'))).toBe(false);
  });

  it('reopening an agent while it is being closed waits for the close: nothing written on either side is lost', async () => {
    home = createTempHome();
    registry = createEngineRegistry({ home: home.home, embedder: createHashEmbedder(), maxOpenAgents: 1, idleCloseMs: 0 });
    const first = await registry.get('ada', { create: true });
    first.enqueue({ type: 'decision', content: 'queued before the close', importance: 0.9 });
    await registry.get('bob', { create: true }); // closes ada, flushing its queue
    const again = await registry.get('ada'); // opened only after that close finished
    await again.remember({ type: 'decision', content: 'written after the reopen', importance: 0.9 });
    expect((await again.recall({ limit: 10 })).map((record) => record.content).sort()).toEqual(['queued before the close', 'written after the reopen']);
  });

  it('an agent nobody used for the idle time is closed', async () => {
    home = createTempHome();
    registry = createEngineRegistry({ home: home.home, embedder: createHashEmbedder(), idleCloseMs: 50 });
    const engine = await registry.get('sleepy', { create: true });
    await expect.poll(() => registry!.openAgents(), { timeout: 5_000, interval: 25 }).toEqual([]);
    expect(await closed(engine.stats())).toBe(true);
  });
});

describe('bad options', () => {
  it.each([0, -1, 2.5, Number.NaN])('maxOpenAgents %s is a VALIDATION_ERROR', (maxOpenAgents) => {
    expect(() => createEngineRegistry({ home: '/nonexistent', maxOpenAgents })).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('idleCloseMs %s is a VALIDATION_ERROR', (idleCloseMs) => {
    expect(() => createEngineRegistry({ home: '/nonexistent', idleCloseMs })).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});

describe('the HTTP server under many agents', () => {
  it('serves every agent correctly with a cap of 2 open, and /metrics reports only open ones without opening others', async () => {
    home = createTempHome();
    const http = createHttpApp({ home: home.home, embedder: createHashEmbedder(), maxOpenAgents: 2, idleCloseMs: 0, logError: () => {} });
    const headers = { 'Content-Type': 'application/json', Host: '127.0.0.1' };
    try {
      for (let index = 0; index < 6; index += 1) {
        const response = await http.app.request(`/agents/a${index}/memories`, { method: 'POST', headers, body: JSON.stringify({ type: 'decision', content: `a${index} keeps the key under the mat`, importance: 0.9 }) });
        expect(response.status).toBe(201);
      }
      for (let index = 0; index < 6; index += 1) {
        const response = await http.app.request(`/agents/a${index}/memories`, { headers: { Host: '127.0.0.1' } });
        const body = (await response.json()) as { memories: { content: string }[] };
        expect(body.memories.map((memory) => memory.content)).toEqual([`a${index} keeps the key under the mat`]);
      }
      expect(http.registry.openAgents()).toHaveLength(2);
      const metrics = await (await http.app.request('/metrics', { headers: { Host: '127.0.0.1' } })).text();
      expect(metrics).toContain('hippocampus_open_agents 2');
      expect(http.registry.openAgents()).toEqual(['a4', 'a5']);
    } finally {
      await http.close();
    }
  });
});
