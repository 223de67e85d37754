import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
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
