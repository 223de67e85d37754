import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_IMPORTANCE_CEILING } from '../core/importance.ts';
import { liveScore } from '../core/live-score.ts';
import { createManualClock } from '../core/system-clock.ts';
import { TIER_THRESHOLDS } from '../core/tiers.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippocampus, type Hippocampus } from './hippocampus.ts';

// Memory dynamics with an injected clock: what matters stays within reach, looking changes nothing,
// and being used cannot by itself make a memory core.

const DAY = 24 * 3_600_000;
let home: ReturnType<typeof createTempHome>;
let clock: ReturnType<typeof createManualClock>;
let memory: Hippocampus;
beforeEach(async () => {
  home = createTempHome();
  clock = createManualClock();
  memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder(), clock });
});
afterEach(async () => {
  await memory.stop();
  home.cleanup();
});

const found = async (query: string, id: string) => (await memory.recallRelevant(query, { limit: 10, recordAccess: false })).some((result) => result.memory.id === id);

describe('memory dynamics', () => {
  it('a new memory starts as strong as it is important (never below the neutral 0.5)', async () => {
    const [important, minor] = await memory.rememberMany([
      { type: 'decision', content: 'We keep the billing ledger in Postgres', importance: 0.9 },
      { type: 'chat', content: 'Nice weather today', importance: 0.3 },
    ]);
    expect(important!.memory.runningIntensity).toBe(0.9);
    expect(minor!.memory.runningIntensity).toBe(0.5);
  });

  it('a 0.9 decision is still recalled at day 365 without any access; an unimportant memory fades out as before', async () => {
    const [decision, chatter] = await memory.rememberMany(
      [
        { type: 'decision', content: 'We keep the billing ledger in Postgres replicas', importance: 0.9 },
        { type: 'observation', content: 'The billing dashboard was slow this morning', importance: 0.3 },
      ],
      { longTerm: true },
    );
    clock.advance(365 * DAY);
    expect(await found('billing ledger Postgres', decision!.memory.id)).toBe(true);
    expect(await found('billing dashboard slow', chatter!.memory.id)).toBe(false);
    // It moved down the tiers, into archival review: out of the prompt's core, never out of reach.
    const [stored] = await memory.store.getMany({ agentId: 'ada' }, [decision!.memory.id]);
    expect(liveScore(stored!, clock.now())).toBeLessThan(TIER_THRESHOLDS.background);
  });

  it('ten listings leave importance, access count and intensity unchanged', async () => {
    const { memory: stored } = await memory.remember({ type: 'insight', content: 'Retries need exponential backoff', importance: 0.6 });
    await memory.consolidate();
    for (let round = 0; round < 10; round += 1) {
      await memory.recall({ limit: 50 });
      await memory.recall({ limit: 50, orderBy: 'importance' });
    }
    const [after] = await memory.store.getMany({ agentId: 'ada' }, [stored.id]);
    expect(after).toMatchObject({ importance: stored.importance, accessCount: 0, runningIntensity: stored.runningIntensity });
    // Asked for, a listing counts as use.
    await memory.recall({ limit: 50, recordAccess: true });
    expect((await memory.store.getMany({ agentId: 'ada' }, [stored.id]))[0]!.accessCount).toBe(1);
  });

  it('being recalled and used again and again lifts importance only to just under core', async () => {
    const { memory: stored } = await memory.remember({ type: 'insight', content: 'Retries need exponential backoff', importance: 0.6 });
    await memory.consolidate();
    for (let round = 0; round < 100; round += 1) await memory.recallRelevant('exponential backoff retries', { limit: 3 });
    const [after] = await memory.store.getMany({ agentId: 'ada' }, [stored.id]);
    expect(after!.accessCount).toBe(100);
    expect(after!.importance).toBeCloseTo(ACCESS_IMPORTANCE_CEILING, 9);
    expect(liveScore(after!, clock.now())).toBeLessThan(TIER_THRESHOLDS.core);
    // A memory that was core to begin with keeps its importance, neither lowered nor raised by use.
    const { memory: core } = await memory.remember({ type: 'decision', content: 'Ship only after the canary is green', importance: 0.95 });
    await memory.recallRelevant('canary green ship', { limit: 3 });
    expect((await memory.store.getMany({ agentId: 'ada' }, [core.id]))[0]!.importance).toBe(0.95);
  });
});
