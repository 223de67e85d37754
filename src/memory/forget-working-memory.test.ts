import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRedisWorkingMemory } from '../stores/open-backend.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { startRedisServer } from '../testing/redis-server.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createInProcessWorkingMemory } from '../working/in-process-store.ts';
import { createHippocampus } from './hippocampus.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const conversation = (conversationId: string, fullText: string) => ({ conversationId, timestamp: Date.now(), fullText, embedding: [1, 0, 0], keyEntities: [], topics: [], userIntent: null });

describe('forgetting reaches working memory', () => {
  it("a forgotten memory's conversation leaves working memory; other conversations stay", async () => {
    const working = createInProcessWorkingMemory();
    const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder(), workingMemory: working });
    try {
      const scope = { agentId: 'ada' };
      await working.store(scope, conversation('c1', 'user: hi\nuser: My locker code is ZEBRA-7431-quokka.\nassistant: noted'));
      await working.store(scope, conversation('c2', 'user: the weather is fine today'));
      expect((await working.getAll(scope)).map((entry) => entry.conversationId).sort()).toEqual(['c1', 'c2']);
      const { memory: stored } = await memory.remember({ type: 'chat', content: 'My locker code is  zebra-7431-QUOKKA.', importance: 0.8 });
      expect(await memory.forget([stored.id])).toEqual([stored.id]);
      expect(await working.get(scope, 'c1')).toBeNull();
      expect((await working.get(scope, 'c2'))?.fullText).toBe('user: the weather is fine today');
    } finally {
      await memory.stop();
    }
  });

  it('without a working memory, forgetting works as before', async () => {
    const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
    try {
      const { memory: stored } = await memory.remember({ type: 'chat', content: 'Forget me', importance: 0.8 });
      expect(await memory.forget([stored.id])).toEqual([stored.id]);
    } finally {
      await memory.stop();
    }
  });
});

describe('a working memory that does not answer', () => {
  it('refuses the forget with the memory still stored, so forgetting it again once Redis is back takes the conversation too', async () => {
    // The rows went first: a forget while Redis did not answer was a 503 with the memory deleted and the
    // conversation holding its text kept, and the next forget of that id was NOT_FOUND, so it stayed for good.
    const redis = await startRedisServer();
    const working = await openRedisWorkingMemory({ url: redis.url });
    const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder(), workingMemory: working });
    try {
      const scope = { agentId: 'ada' };
      await working.store(scope, conversation('bunker', 'user: the bunker passphrase is velvet otter\nassistant: noted'));
      const { memory: stored } = await memory.remember({ type: 'decision', content: 'The bunker passphrase is velvet otter', importance: 0.8 });
      process.kill(redis.pid, 'SIGSTOP');
      try {
        await expect(memory.forget([stored.id])).rejects.toMatchObject({ code: 'WORKING_MEMORY_UNAVAILABLE' });
        expect((await memory.get(stored.id)).content).toBe('The bunker passphrase is velvet otter');
      } finally {
        process.kill(redis.pid, 'SIGCONT');
      }
      expect(await memory.forget([stored.id])).toEqual([stored.id]);
      expect(await working.get(scope, 'bunker')).toBeNull();
    } finally {
      await memory.stop();
      await working.close();
      await redis.stop();
    }
  }, 30_000);
});

describe('a damaged working-memory snapshot', () => {
  it('refuses a forget before anything is forgotten, naming the file (it deleted the rows, then failed as an INTERNAL_ERROR with the file unscrubbed)', async () => {
    const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
    try {
      const { memory: stored } = await memory.remember({ type: 'chat', content: 'My locker code is 4471', importance: 0.8 });
      const file = path.join(home.home, 'agents', 'ada', 'memory', 'working.json');
      for (const damaged of ['{garbage', '[{"x":1}]', '{"conversationId":"c1"}']) {
        fs.writeFileSync(file, damaged);
        await expect(memory.forget([stored.id]), damaged).rejects.toMatchObject({ code: 'DATABASE_CORRUPT', message: expect.stringContaining('working.json') });
        expect((await memory.get(stored.id)).content).toBe('My locker code is 4471');
        expect(fs.readFileSync(file, 'utf8')).toBe(damaged);
      }
      fs.rmSync(file);
      expect(await memory.forget([stored.id])).toEqual([stored.id]);
    } finally {
      await memory.stop();
    }
  });
});

describe('a process killed in the middle of a forget', () => {
  it("leaves no forgotten text in working.json: the snapshot is rewritten before the rows go, so what could be left is a memory a second forget still finds", async () => {
    // The snapshot was rewritten after the rows: killed between the two, working.json kept the text, and a forget
    // of the id again was NOT_FOUND, so it stayed there for good.
    const { runUntilKilled } = await import('../testing/run-script.ts');
    const { openAgentWorkingMemory, snapshotConversations } = await import('../working/working-snapshot.ts');
    const agentRoot = path.join(home.home, 'agents', 'ada');
    const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
    let id: string;
    try {
      ({ memory: { id } } = await memory.remember({ type: 'decision', content: 'The bunker passphrase is velvet otter', importance: 0.8 }));
      const working = await openAgentWorkingMemory({ home: home.home, agentId: 'ada', embedder: memory.embedder });
      await working.store.store({ agentId: 'ada' }, conversation('bunker', 'user: the bunker passphrase is velvet otter\nassistant: noted'));
      await working.store.store({ agentId: 'ada' }, conversation('weather', 'user: the weather is fine today'));
      await working.close();
    } finally {
      await memory.stop();
    }
    expect(snapshotConversations(agentRoot).map((entry) => entry.conversationId).sort()).toEqual(['bunker', 'weather']);
    // Killed at the point: the rows were deleted, the forget never returned.
    expect(await runUntilKilled('forget-killed.ts', [home.home, 'ada', id])).toEqual(['SIGKILL', '']);
    const after = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    try {
      await expect(after.get(id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await after.stop();
    }
    expect(snapshotConversations(agentRoot).map((entry) => entry.conversationId)).toEqual(['weather']);
    const leftOver = fs.readdirSync(path.join(agentRoot, 'memory')).filter((file) => file.includes('working')).map((file) => fs.readFileSync(path.join(agentRoot, 'memory', file), 'utf8'));
    expect(leftOver.some((text) => /velvet otter/i.test(text))).toBe(false);
  }, 60_000);
});
