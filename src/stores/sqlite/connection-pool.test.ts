import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { createTempHome } from '../../testing/temp-home.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('agent ids that differ only in case', () => {
  it('are refused (INVALID_AGENT_ID naming the existing one) before anything is made: one folder on macOS or Windows', async () => {
    const ada = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    await ada.remember({ type: 'decision', content: 'Ship on Fridays' });
    await ada.stop();
    await expect(createHippocampus({ home: home.home, agentId: 'Ada', embedder: null })).rejects.toMatchObject({ code: 'INVALID_AGENT_ID', message: expect.stringContaining('"ada"') });
    expect(fs.readdirSync(path.join(home.home, 'agents'))).toEqual(['ada']);
  });

  it('an agent whose own folder is there still opens beside another spelling (made before the rule, on Linux)', async () => {
    const bob = await createHippocampus({ home: home.home, agentId: 'bob', embedder: null });
    await bob.remember({ type: 'decision', content: 'Deploy on Tuesdays' });
    await bob.stop();
    fs.mkdirSync(path.join(home.home, 'agents', 'BOB'));
    const again = await createHippocampus({ home: home.home, agentId: 'bob', embedder: null });
    expect((await again.stats()).total).toBe(1);
    await again.stop();
  });
});
