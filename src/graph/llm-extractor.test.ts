import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createOpenAICompatibleChat } from '../providers/openai-compatible/chat.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../testing/openai-compatible-server.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createKnowledgeGraph } from './knowledge-graph.ts';
import { createLlmGraphExtractor } from './llm-extractor.ts';

let server: OpenAICompatibleServer;
let memory: Hippocampus;
let home: ReturnType<typeof createTempHome>;

beforeAll(async () => {
  server = await startOpenAICompatibleServer();
  home = createTempHome('hippocampus-graph-llm-');
  memory = await createHippocampus({ home: home.home, agentId: 'llm-graph', embedder: createHashEmbedder() });
});
afterEach(() => {
  server.requests.length = 0;
});
afterAll(async () => {
  await memory.stop();
  await server.close();
  home.cleanup();
});

const answer = (value: unknown) => ({ type: 'chat' as const, content: JSON.stringify(value) });
const person = (name: string) => ({ name, type: 'person' as const });

describe('LLM graph extraction against an OpenAI-compatible loopback server', () => {
  it('links what the model read, in one call per batch, and closes a relation the model marks negated', async () => {
    const [moved, left] = await memory.rememberMany(
      [
        { type: 'chat', content: 'My sister Bea started at Globex in March.', timestamp: Date.UTC(2024, 2, 1) },
        { type: 'chat', content: 'Bea quit Globex.', timestamp: Date.UTC(2024, 9, 1) },
      ],
      { longTerm: true },
    );
    const globex = { name: 'Globex', type: 'organization' as const };
    server.script(
      answer({
        memories: [
          { index: 0, entities: [person('Bea'), globex], relations: [{ subject: person('Bea'), predicate: 'works_at', object: globex, negated: false, confidence: 0.9 }] },
          { index: 1, entities: [person('Bea'), globex], relations: [{ subject: person('Bea'), predicate: 'works_at', object: globex, negated: true, confidence: 0.8 }] },
        ],
      }),
    );
    const graph = createKnowledgeGraph({ memory, extractor: createLlmGraphExtractor({ llm: createOpenAICompatibleChat({ baseURL: server.apiBaseURL, model: 'graph-small' }) }) });
    const report = await graph.linkMemories([moved!.memory.id, left!.memory.id]);
    expect(server.requests).toHaveLength(1);
    expect(report).toMatchObject({ memories: 2, relationsCreated: 1, relationsClosed: 1 });
    const [relation] = await graph.relations({ subject: 'Bea' });
    expect(relation).toMatchObject({ predicate: 'work_at', confidence: 0.9, validFrom: Date.UTC(2024, 2, 1), validTo: Date.UTC(2024, 9, 1) });
    expect(relation!.memoryIds.sort()).toEqual([moved!.memory.id, left!.memory.id].sort());
  });

  it('asks once more when the answer is malformed, then links the repaired answer', async () => {
    const [note] = await memory.rememberMany([{ type: 'chat', content: 'Priya lives in Porto.' }], { longTerm: true });
    server.script({ type: 'chat', content: '{"memories": [{"index": 0}]}' }, answer({ memories: [{ index: 0, entities: [person('Priya'), { name: 'Porto', type: 'place' }], relations: [] }] }));
    const graph = createKnowledgeGraph({ memory, extractor: createLlmGraphExtractor({ llm: createOpenAICompatibleChat({ baseURL: server.apiBaseURL, model: 'graph-small' }) }) });
    expect(await graph.linkMemories([note!.memory.id])).toMatchObject({ memories: 1, mentionsAdded: 2 });
    expect(server.requests).toHaveLength(2);
  });
});
