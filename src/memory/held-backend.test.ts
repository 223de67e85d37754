import { describe, expect, it } from 'vitest';
import { hashContent } from '../core/content-hash.ts';
import { openBackend } from '../stores/open-backend.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { eachTestEngine } from '../testing/temp-engine.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

let memory: Hippocampus;
eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), (opened) => ({ memory } = opened));
const scope = { agentId: 'ada' };

/** A host transaction of `engine` that writes `content` inside, stays open until `release()`, then fails; `opened` settles once its write is made. */
function failingTransaction(engine: Hippocampus, content: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let markOpened!: () => void;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const failing = engine.backend.atomically!(scope, async () => {
    await engine.remember({ type: 'observation', content });
    markOpened();
    await held;
    throw new Error('the host gives up');
  });
  return { failing, opened, release };
}

describe("the backend an engine hands out: a host's transaction", () => {
  it("holds the engine's other writes until it ends, so one answered beside a transaction that fails is kept", async () => {
    const { failing, release } = failingTransaction(memory, 'written inside the host transaction');
    // Beside it, from outside: on SQLite the same connection, so without the hold it ran inside and rolled back with it.
    const beside = memory.remember({ type: 'observation', content: 'acknowledged beside the host transaction' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(failing).rejects.toThrow('the host gives up');
    const acknowledged = await beside;
    expect(await memory.get(acknowledged.memory.id)).toMatchObject({ content: 'acknowledged beside the host transaction' });
    const contents = (await memory.recall({ limit: 10 })).map((record) => record.content);
    expect(contents).toContain('acknowledged beside the host transaction');
    expect(contents).not.toContain('written inside the host transaction');
  });

  it("holds writes through its memory store (`memory.backend.store`, `memory.store`) the same way: one answered beside a failing batch is kept", async () => {
    const { memory: kept } = await memory.remember({ type: 'observation', content: 'a memory the host edits', importance: 0.3 });
    const copy = { ...kept, id: '01JZZZZZZZZZZZZZZZZZZZZZZZ', content: 'a memory the host copies in', contentHash: hashContent('a memory the host copies in') };
    const { failing, opened, release } = failingTransaction(memory, 'written inside the host transaction');
    await opened;
    // Beside it while it is open, from outside, straight through the store the engine hands out.
    const edited = memory.backend.store.updateMany(scope, [{ id: kept.id, patch: { importance: 0.9 } }]);
    // And through the engine's own `memory.store`, the same store.
    const inserted = memory.store.insertMany(scope, [copy]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(failing).rejects.toThrow('the host gives up');
    await edited;
    expect((await inserted).inserted).toEqual([copy.id]);
    expect((await memory.get(kept.id)).importance).toBe(0.9);
    expect((await memory.get(copy.id)).content).toBe('a memory the host copies in');
  });

  it("lets the engine's writes made inside it run there, in order, without waiting for it (no deadlock)", async () => {
    const written = await memory.backend.atomically!(scope, async () => {
      const first = await memory.remember({ type: 'observation', content: 'first inside' });
      const second = await memory.remember({ type: 'observation', content: 'second inside' });
      return [first.memory.id, second.memory.id];
    });
    for (const id of written) expect(await memory.get(id)).not.toBeNull();
  });
});

describe('two engines of one agent over one backend object', () => {
  it("share one hold: a write of one answered beside the other's failing transaction is kept", async () => {
    const home = createTempHome();
    const backend = await openBackend({ home: home.home });
    const first = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder(), backend });
    const second = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder(), backend });
    try {
      const { failing, opened, release } = failingTransaction(first, 'written inside the first engine’s transaction');
      await opened;
      // The second engine writes on the same connection (one per agent in the backend's pool).
      const beside = second.remember({ type: 'observation', content: 'acknowledged by the second engine' });
      const besideBlock = second.backend.blocks!.putMany(scope, [{ key: 'persona', value: 'kept beside', updatedAt: 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await expect(failing).rejects.toThrow('the host gives up');
      const acknowledged = await beside;
      await besideBlock;
      expect((await second.get(acknowledged.memory.id)).content).toBe('acknowledged by the second engine');
      expect((await first.get(acknowledged.memory.id)).content).toBe('acknowledged by the second engine');
      expect((await first.backend.blocks!.getMany(scope, ['persona'])).map((block) => block.value)).toEqual(['kept beside']);
      expect((await first.recall({ limit: 10 })).map((record) => record.content)).toEqual(['acknowledged by the second engine']);
    } finally {
      await first.stop();
      await second.stop();
      await backend.close();
      home.cleanup();
    }
  });
});
