import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { openHippoTools } from './open-hippo-tools.ts';

let home: string;
let cleanup: () => void;
beforeEach(() => ({ home, cleanup } = createTempHome()));
afterEach(() => cleanup());

describe('openHippoTools', () => {
  it('opens the agent by home and id, with the given embedder, and keeps what it stored across openings', async () => {
    const first = await openHippoTools({ agentId: 'ada', home, embedder: createHashEmbedder() });
    const store = first.tools.find((tool) => tool.name === 'store_memory')!;
    expect(await store.execute({ content: 'The deploy key rotates on Fridays' })).toMatchObject({ ok: true });
    expect(first.tools.map((tool) => tool.name)).not.toContain('recall_conversation');
    await first.close();

    const second = await openHippoTools({ agentId: 'ada', home, embedder: createHashEmbedder() });
    const recall = second.tools.find((tool) => tool.name === 'recall_memories')!;
    const result = (await recall.execute({ query: 'deploy key' })) as { ok: boolean; data?: unknown };
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result.data)).toContain('The deploy key rotates on Fridays');
    await second.close();
  });

  it('refuses a bad agent id with a typed error', async () => {
    await expect(openHippoTools({ agentId: '../x', home, embedder: null })).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
  });
});
