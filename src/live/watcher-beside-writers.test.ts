import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';
import { createKnowledgeGraph } from '../graph/knowledge-graph.ts';
import { openAgentLayers } from '../layers/agent-layers.ts';
import type { Embedder } from '../spec/embedder.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { appendLines } from './live-test-helpers.ts';
import { createLiveWatcher } from './live-watcher.ts';
import { createTranscriptSource } from './transcript-source.ts';

// The watcher writes a batch and its watermark in one transaction (SQLite: on the agent's one connection),
// and awaits embeddings inside it. A remember of the same engine (a tool call, an HTTP request) that ran in
// such a gap ran inside that transaction: acknowledged, then rolled back with the batch when the batch failed.
let temp: ReturnType<typeof createTempHome>;
beforeEach(() => {
  temp = createTempHome();
});
afterEach(() => temp.cleanup());

/** The hash embedder, except that a text naming `word` waits for `release` and then fails, as a provider gone away. */
function embedderFailingOn(word: string) {
  const hash = createHashEmbedder();
  let reached!: () => void;
  let release!: () => void;
  const atWord = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const embedder: Embedder = {
    ...hash,
    async doEmbed(options) {
      if (options.values.some((value) => value.includes(word))) {
        reached();
        await released;
        throw new Error('the embedding service went away');
      }
      return hash.doEmbed(options);
    },
  };
  return { embedder, atWord, release };
}

/**
 * Runs `write` while a watcher's batch holds its transaction open (its second memory waiting for an embedding
 * that then fails), and lets the batch fail; gives back what `write` answered, the engine still open.
 */
async function writeWhileABatchFails<T>(write: (memory: Hippocampus) => Promise<T>, prepare: (memory: Hippocampus) => Promise<unknown> = async () => undefined): Promise<{ memory: Hippocampus; answered: T }> {
  const file = path.join(temp.home, 'chat.jsonl');
  appendLines(file, [
    { id: 'm1', role: 'user', content: 'I prefer jasmine tea brewed at 60 degrees.', timestamp: 1_767_600_000_000 },
    { id: 'm2', role: 'user', content: 'I prefer oolong tea brewed at 61 degrees.', timestamp: 1_767_600_001_000 },
  ]);
  const { embedder, atWord, release } = embedderFailingOn('oolong');
  const memory = await createHippocampus({ home: temp.home, agentId: 'ada', embedder });
  await prepare(memory);
  const watching = createLiveWatcher({ memory, source: createTranscriptSource({ file }) }).runOnce();
  const failed = expect(watching).rejects.toThrow('the embedding service went away');
  await atWord; // the batch's transaction is open, its second memory waiting for an embedding
  const answer = write(memory);
  // Give the write every chance to finish inside the open batch (it did, before the fix).
  for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  release();
  await failed;
  return { memory, answered: await answer };
}

/** The agent opened again after the engine stopped: what reached the disk. */
async function afterReopening(check: (memory: Hippocampus) => Promise<void>): Promise<void> {
  const reopened = await createHippocampus({ home: temp.home, agentId: 'ada', embedder: createHashEmbedder() });
  try {
    await check(reopened);
  } finally {
    await reopened.stop();
  }
}

describe('a live watcher beside the engine’s other writers', () => {
  it('a remember acknowledged while a batch is open is kept when the batch fails', async () => {
    const { memory, answered } = await writeWhileABatchFails((engine) => engine.remember({ type: 'decision', content: 'The staging password rotates on Mondays', importance: 0.9 }));
    expect((await memory.get(answered.memory.id)).content).toBe('The staging password rotates on Mondays');
    await memory.stop();
    await afterReopening(async (reopened) => {
      expect((await reopened.get(answered.memory.id)).content).toBe('The staging password rotates on Mondays');
      // The failed batch left nothing: its first memory went back with it, the watermark did not move.
      expect((await reopened.recall({ limit: 10 })).map((record) => record.content)).toEqual(['The staging password rotates on Mondays']);
    });
  });

  it('a block edit answered while a batch is open is kept when the batch fails', async () => {
    const { memory, answered } = await writeWhileABatchFails((engine) => createHippoTools({ memory: engine }).find((tool) => tool.name === 'append_memory_block')!.execute({ key: 'human', text: 'Ada is allergic to penicillin' }));
    expect(answered).toMatchObject({ ok: true });
    await memory.stop();
    await afterReopening(async (reopened) => {
      const [human] = await reopened.backend.blocks!.getMany({ agentId: 'ada' }, ['human']);
      expect(human?.value).toBe('Ada is allergic to penicillin');
    });
  });

  it('a skill learned while a batch is open is kept when the batch fails', async () => {
    const { memory, answered } = await writeWhileABatchFails(async (engine) => {
      const layers = await openAgentLayers(engine);
      try {
        return await layers.skills!.addSkill({ name: 'deploy-staging', description: 'Deploy the billing service to staging', code: 'make deploy ENV=staging', language: 'shell' });
      } finally {
        await layers.close();
      }
    });
    await memory.stop();
    await afterReopening(async (reopened) => {
      expect((await reopened.backend.skills!.get({ agentId: 'ada' }, answered.skill.id))?.skill.name).toBe('deploy-staging');
    });
  });

  it('a knowledge-graph link answered while a batch is open is kept when the batch fails', async () => {
    const { memory, answered } = await writeWhileABatchFails(
      (engine) => createKnowledgeGraph({ memory: engine }).linkMemories(),
      (engine) => engine.rememberMany([{ type: 'chat', content: 'Beatriz works at Globex in Porto.' }], { longTerm: true }),
    );
    expect(answered.relationsCreated).toBeGreaterThan(0);
    await memory.stop();
    await afterReopening(async (reopened) => {
      const relations = await createKnowledgeGraph({ memory: reopened }).relations({ subject: 'Beatriz' });
      expect(relations.map((relation) => relation.object.name)).toContain('Globex');
    });
  });

  it('messages appended to the agent’s messages table while a batch is open are kept when the batch fails', async () => {
    const scope = { agentId: 'ada' };
    const { memory, answered } = await writeWhileABatchFails(
      (engine) => engine.backend.conversations!.appendMessages(scope, { table: 'messages', messages: [{ conversationId: 'c1', role: 'user', content: 'My locker code is 4417', createdAt: 1_767_600_002_000 }] }),
      (engine) => engine.backend.conversations!.createTable(scope, { table: 'messages' }),
    );
    expect(answered).toHaveLength(1);
    await memory.stop();
    await afterReopening(async (reopened) => {
      const { messages } = await reopened.backend.conversations!.readMessages(scope, { table: 'messages', afterId: 0, limit: 10 });
      expect(messages.map((message) => message.content)).toEqual(['My locker code is 4417']);
    });
  });

  it('a recall’s access marks made while a batch is open are kept when the batch fails', async () => {
    let id = '';
    const { memory, answered } = await writeWhileABatchFails(
      (engine) => engine.recallRelevant('when does the staging password rotate?', { limit: 1 }),
      async (engine) => {
        id = (await engine.rememberMany([{ type: 'decision', content: 'The staging password rotates on Mondays' }], { longTerm: true }))[0]!.memory.id;
      },
    );
    expect(answered.map((result) => [result.memory.id, result.memory.accessCount])).toEqual([[id, 1]]);
    await memory.stop();
    await afterReopening(async (reopened) => {
      expect((await reopened.get(id)).accessCount).toBe(1);
    });
  });
});
