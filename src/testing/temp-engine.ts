import { afterEach, beforeEach } from 'vitest';
import { createHippocampus, type Hippocampus, type HippocampusOptions } from '../memory/hippocampus.ts';
import { createTempHome } from './temp-home.ts';

/** One test's engine and the temp home it lives in. */
export interface TempEngine {
  readonly home: ReturnType<typeof createTempHome>;
  readonly memory: Hippocampus;
}

/** What a test may do beyond the engine it was handed. */
export interface TempEngines {
  /** Stops the test's engine and opens another on the same home (stopped and removed after the test too). */
  reopen(options: Omit<HippocampusOptions, 'home'>): Promise<Hippocampus>;
}

/**
 * For a test file: before each test a fresh temp home and an engine on it (`options()` without the home,
 * called each time so each test gets its own embedder and clock), handed to `ready` (the file keeps them,
 * seeds memories); after each test the engine stopped and the home removed, even when a test failed.
 *
 * @example
 * let memory: Hippocampus;
 * const engines = eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), (opened) => ({ memory } = opened));
 * it('…', async () => { memory = await engines.reopen({ agentId: 'plain', embedder: null }); });
 */
export function eachTestEngine(options: () => Omit<HippocampusOptions, 'home'>, ready: (opened: TempEngine) => unknown): TempEngines {
  let current: TempEngine | undefined;
  beforeEach(async () => {
    const home = createTempHome();
    try {
      current = { home, memory: await createHippocampus({ ...options(), home: home.home }) };
    } catch (error) {
      home.cleanup();
      throw error;
    }
    await ready(current);
  });
  afterEach(async () => {
    const last = current;
    current = undefined;
    if (last === undefined) return;
    try {
      await last.memory.stop();
    } finally {
      last.home.cleanup();
    }
  });
  return {
    async reopen(reopened) {
      if (current === undefined) throw new Error('reopen runs inside a test of the file that called eachTestEngine');
      await current.memory.stop();
      current = { home: current.home, memory: await createHippocampus({ ...reopened, home: current.home.home }) };
      return current.memory;
    },
  };
}
