import { describe, expect, it } from 'vitest';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { eachTestEngine } from '../testing/temp-engine.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';
import { forgetByDescription } from './forget-by-description.ts';

let memory: Hippocampus;
eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), async (opened) => {
  ({ memory } = opened);
  await memory.rememberMany([{ type: 'observation', content: 'The door code of the Kreuzberg flat is 4711' }], { longTerm: true });
});

/** The typed error a call throws, or undefined when it does not throw. */
async function errorOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return undefined;
  } catch (error) {
    return error;
  }
}

// Zero-width space, zero-width joiner and non-joiner, word joiner, byte-order mark, soft hyphen.
const INVISIBLE = '\u200b\u200d\u200c\u2060\ufeff\u00ad';

describe('forgetByDescription refuses what is not a description, with a typed error', () => {
  it('a description that is not a string, or has nothing visible in it', async () => {
    for (const description of [undefined, null, 42, {}, '', '   ', INVISIBLE, ` ${INVISIBLE} `]) {
      const error = await errorOf(() => forgetByDescription(memory, description as string));
      expect(HippocampusError.isInstance(error), JSON.stringify(description)).toBe(true);
      expect((error as HippocampusError).code).toBe('VALIDATION_ERROR');
      expect((error as HippocampusError).message).toMatch(/description/);
    }
    expect(await memory.store.count({ agentId: 'ada' })).toBe(1);
  });

  it('a threshold that is not a similarity between 0 and 1', async () => {
    for (const threshold of [-1, Number.NaN, 1.5, Number.POSITIVE_INFINITY, '0.1', { similarity: 0.8 }, { similarity: 0.8, withEveryWord: -0.2 }]) {
      const error = await errorOf(() => forgetByDescription(memory, 'the door code', { threshold: threshold as number }));
      expect((error as HippocampusError).code, JSON.stringify(threshold)).toBe('VALIDATION_ERROR');
      expect((error as HippocampusError).message).toMatch(/threshold/);
    }
    expect(await memory.store.count({ agentId: 'ada' })).toBe(1);
    // A valid one still works.
    expect((await forgetByDescription(memory, 'the door code of the Kreuzberg flat', { threshold: { similarity: 0.9, withEveryWord: 0.5 }, dryRun: true })).deleted).toHaveLength(1);
  });

  it('forget_memory treats a description of invisible characters as empty', async () => {
    const forget = createHippoTools({ memory }).find((tool) => tool.name === 'forget_memory')!;
    expect(await forget.execute({ description: INVISIBLE })).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(/description: must not be empty/) } });
  });
});
