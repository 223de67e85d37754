import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus } from '../memory/hippocampus.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { runUntilKilled } from '../testing/run-script.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { exportMirror } from './mirror-export.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const EDITED = 'The bunker passphrase changed, ask me again';

describe('a process killed in the middle of an edit, with an exported mirror', () => {
  it('killed the instant the row is rewritten, it leaves no edited-out word in the mirror, which holds the memory as edited', async () => {
    // The mirrors were refreshed after the row: killed in between, the mirror kept the old passphrase while the
    // database held the edit, and nothing would take it out (a forget of other memories leaves that entry alone).
    const mirror = path.join(home.home, 'mirror');
    const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    let id: string;
    try {
      const [secret] = await memory.rememberMany(
        [
          { type: 'decision', content: 'The bunker passphrase is velvet otter' },
          { type: 'observation', content: 'The weather was fine on Tuesday' },
        ],
        { longTerm: true },
      );
      id = secret!.memory.id;
      await exportMirror(memory, { dir: mirror });
    } finally {
      await memory.stop();
    }
    expect(allBytesUnder(mirror)).toContain('velvet otter');
    expect(await runUntilKilled('update-killed.ts', [home.home, 'ada', id, EDITED])).toEqual(['SIGKILL', '']);
    const after = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    try {
      expect((await after.get(id)).content).toBe(EDITED);
    } finally {
      await after.stop();
    }
    const left = allBytesUnder(mirror);
    expect(left).not.toMatch(/velvet|otter/i);
    expect(left).toContain('the weather was fine on tuesday');
    const index = JSON.parse(fs.readFileSync(path.join(mirror, 'index.json'), 'utf8')) as { memories: { id: string; content: string }[] };
    expect(index.memories.find((entry) => entry.id === id)?.content).toBe(EDITED);
    // Nor anywhere else under the home, once an engine has opened and closed the agent again (its WAL checkpointed).
    const everywhere = allBytesUnder(home.home);
    expect({ velvet: everywhere.includes('velvet'), otter: everywhere.includes('otter') }).toEqual({ velvet: false, otter: false });
  }, 60_000);
});
