import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
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
    expect(await forget.execute({ description: 'the door code' })).toMatchObject({ ok: true, data: { deleted: 0 } });
    expect(await forget.execute({ description: 'the door code of my Kreuzberg flat' })).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: 'The door code of the Kreuzberg flat is 4711' }] } });
    const left = await memory.store.query({ agentId: 'ada' }, { orderBy: 'id', direction: 'asc' });
    expect(left.map((record) => record.content)).toEqual(['The Kreuzberg bakery opens at seven', 'We deploy on Tuesdays after the canary is green', 'User strongly dislikes Redux']);
  });
});
