import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus } from '../index.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';

describe('text as a store holds it', () => {
  let temp: ReturnType<typeof createTempHome>;
  beforeEach(() => (temp = createTempHome()));
  afterEach(() => temp.cleanup());

  it('reads back after a restart what remember returned: a lone surrogate is one U+FFFD, U+0000 is gone (it came back as three U+FFFD)', async () => {
    const open = () => createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder() });
    const memory = await open();
    const { memory: stored } = await memory.remember({ type: 'chat', content: 'odd \ud800 text\u0000 \udc00 🧠', tags: ['t\udc00'], context: { note: '\ud83d' } });
    await memory.stop();
    expect([stored.content, stored.tags, stored.context]).toEqual(['odd \ufffd text \ufffd 🧠', ['t\ufffd'], { note: '\ufffd' }]);
    const again = await open();
    try {
      const read = await again.get(stored.id);
      expect([read.content, read.tags, read.context]).toEqual([stored.content, stored.tags, stored.context]);
      expect((await again.remember({ type: 'chat', content: 'odd \ud800 text\u0000 \udc00 🧠' })).duplicateOf).toBe(stored.id);
    } finally {
      await again.stop();
    }
  });
});
