import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { openBackend } from '../open-backend.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome('hippocampus-exclusive-');
});
afterEach(() => home.cleanup());

describe("a SQLite source held exclusively (data migrate's)", () => {
  it('keeps every other opener out while it is open, as DATABASE_BUSY (it was DATABASE_CORRUPT: "salvage it"), and lets them in once closed', async () => {
    const first = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    await first.remember({ type: 'observation', content: 'The spare key is under the blue flowerpot' });
    await first.stop();

    const source = await openBackend({ home: home.home, exclusive: true });
    try {
      expect(await source.store.count({ agentId: 'ada' })).toBe(1);
      // A server opening the agent during the copy wrote into the source only, after the copy had read it.
      await expect(createHippocampus({ home: home.home, agentId: 'ada', embedder: null })).rejects.toMatchObject({ code: 'DATABASE_BUSY', message: expect.stringContaining('try again') });
    } finally {
      await source.close();
    }

    const after = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    try {
      await after.remember({ type: 'observation', content: 'The boiler was serviced in May' });
      expect(await after.store.count({ agentId: 'ada' })).toBe(2);
    } finally {
      await after.stop();
    }
  }, 30_000);
});
