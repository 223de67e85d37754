import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { runUntilKilled } from '../testing/run-script.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { exportMirror } from './mirror-export.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

/** Runs `forget-killed.ts` on the memory, killed at `killPoint`; resolves with the signal and what it printed. */
function forgetKilledAt(memoryId: string, killPoint: string): Promise<[NodeJS.Signals | null, string]> {
  return runUntilKilled('forget-killed.ts', [home.home, 'ada', memoryId, killPoint]);
}

/** The mirror holds no word of the secret, and still the other memory. */
function expectOnlyTheWeatherIn(mirror: string): void {
  const left = allBytesUnder(mirror);
  expect(left).not.toMatch(/velvet|otter|passphrase/i);
  expect(left).toContain('the weather was fine on tuesday');
}

/** An agent with the secret and another memory, exported to a mirror; the secret's id. */
async function agentWithMirror(mirror: string): Promise<string> {
  const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
  try {
    const [secret] = await memory.rememberMany(
      [
        { type: 'decision', content: 'The bunker passphrase is velvet otter' },
        { type: 'observation', content: 'The weather was fine on Tuesday' },
      ],
      { longTerm: true },
    );
    await exportMirror(memory, { dir: mirror });
    return secret!.memory.id;
  } finally {
    await memory.stop();
  }
}

describe('a process killed in the middle of a forget, with an exported mirror', () => {
  it('killed the instant the rows are deleted, it leaves no forgotten word in the mirror', async () => {
    // The mirrors were scrubbed after the rows: killed in between, the mirror kept the passphrase and a forget of
    // the id again was NOT_FOUND, so nothing could take it out.
    const mirror = path.join(home.home, 'mirror');
    const id = await agentWithMirror(mirror);
    expect(allBytesUnder(mirror)).toContain('velvet otter');
    expect(await forgetKilledAt(id, 'after-delete')).toEqual(['SIGKILL', '']);
    const after = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    try {
      await expect(after.get(id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await after.stop();
    }
    expectOnlyTheWeatherIn(mirror);
  }, 60_000);

  it('killed just before the rows go, it leaves the memory stored, and forgetting it again leaves no word of it in the mirror', async () => {
    const mirror = path.join(home.home, 'mirror');
    const id = await agentWithMirror(mirror);
    expect(await forgetKilledAt(id, 'before-delete')).toEqual(['SIGKILL', '']);
    const after = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    try {
      expect((await after.get(id)).content).toBe('The bunker passphrase is velvet otter');
      expect(await after.forget([id])).toEqual([id]);
    } finally {
      await after.stop();
    }
    expectOnlyTheWeatherIn(mirror);
  }, 60_000);
});
