import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../core/system-clock.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { runWorkingMemoryContract } from '../testing/working-memory-contract.ts';
import { describeConversation } from './conversation-features.ts';
import { createInProcessWorkingMemory } from './in-process-store.ts';

runWorkingMemoryContract({
  name: 'in-process',
  create: async () => {
    const clock = createManualClock();
    return { store: createInProcessWorkingMemory({ clock }), clock, cleanup: async () => {} };
  },
});

describe('in-process working memory', () => {
  it('answers a text-only search by embedding the text with its embedder', async () => {
    const embedder = createHashEmbedder();
    const clock = createManualClock();
    const store = createInProcessWorkingMemory({ clock, embedder });
    const scope = { agentId: 'planner' };
    const turns = (content: string) => [{ role: 'user', content }];
    await store.store(scope, await describeConversation({ conversationId: 'garden', timestamp: clock.now() - 2, turns: turns('Should I plant tomatoes or peppers in the raised garden bed?') }, embedder));
    await store.store(scope, await describeConversation({ conversationId: 'invoice', timestamp: clock.now() - 1, turns: turns('Send the overdue invoice reminder to Acme Corp today.') }, embedder));

    const [best] = await store.search(scope, { text: 'tomatoes in the garden bed' });
    expect(best!.conversation.conversationId).toBe('garden');
    expect(best!.breakdown.embedding).toBeGreaterThan(0);
    expect(best!.breakdown.keywords).toBeGreaterThan(0);
  });

  it('rejects a capacity below one', () => {
    expect(() => createInProcessWorkingMemory({ capacity: 0 })).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  it('takes a bound of its own on a conversation, or none, and refuses a bound that is not one', async () => {
    const clock = createManualClock();
    const conversation = (fullText: string) => ({ conversationId: 'c', timestamp: clock.now(), fullText, embedding: [1, 0], keyEntities: [], topics: [], userIntent: null });
    const small = createInProcessWorkingMemory({ clock, maxConversationBytes: 10 });
    await expect(small.store({ agentId: 'a' }, conversation('user: café'))).rejects.toMatchObject({ code: 'CONTENT_TOO_LARGE' });
    await expect(small.store({ agentId: 'a' }, conversation('user: cafe'))).resolves.toMatchObject({ stored: true });
    const unbounded = createInProcessWorkingMemory({ clock, maxConversationBytes: Infinity });
    await expect(unbounded.store({ agentId: 'a' }, conversation('x'.repeat(200 * 1024)))).resolves.toMatchObject({ stored: true });
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => createInProcessWorkingMemory({ maxConversationBytes: bad })).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  it('keeps a larger capacity when asked', async () => {
    const clock = createManualClock();
    const store = createInProcessWorkingMemory({ clock, capacity: 7 });
    for (let index = 0; index < 9; index += 1) {
      await store.store({ agentId: 'a' }, { conversationId: `c${index}`, timestamp: clock.now() - 100 + index, fullText: 'x', embedding: [1, 0], keyEntities: [], topics: [], userIntent: null });
    }
    expect((await store.getStats({ agentId: 'a' })).count).toBe(7);
    expect(await store.get({ agentId: 'a' }, 'c1')).toBeNull();
    expect(await store.get({ agentId: 'a' }, 'c2')).not.toBeNull();
  });
});

describe('module boundaries', () => {
  // ioredis is an optional dependency: only the stores/redis subpath may load it.
  const loadsIoredis = async (relativePath: string): Promise<boolean> => {
    const probe = `import { createRequire } from 'node:module';
      await import(${JSON.stringify(fileURLToPath(new URL(relativePath, import.meta.url)))});
      console.log(Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/ioredis/')));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe]);
    return stdout.trim() === 'true';
  };

  it('keeps ioredis out of the in-process working memory and in the Redis subpath', async () => {
    const paths = ['./in-process-store.ts', './conversation-features.ts', '../stores/redis/index.ts'];
    expect(await Promise.all(paths.map(loadsIoredis))).toEqual([false, false, true]);
  }, 60_000);
});
