import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { createAnthropicChat } from '../providers/anthropic/anthropic-chat.ts';
import { createOpenAICompatibleChat } from '../providers/openai-compatible/chat.ts';
import { startAnthropicServer } from '../testing/anthropic-server.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { startOpenAICompatibleServer, type OpenAICompatibleServer } from '../testing/openai-compatible-server.ts';
import { eachTestEngine, type TempEngine } from '../testing/temp-engine.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';
import { forgetByDescription } from './forget-by-description.ts';

const VAULT = 'The vault combination is seventeen purple elephants';
const FLAT = 'The door code of the Kreuzberg flat is 4711';
const OFFICE = 'The door code of the Mitte office is 2290';
const DEPLOY = 'We deploy on Tuesdays after the canary is green';

let server: OpenAICompatibleServer;
let home: TempEngine['home'];
let memory: Hippocampus;

beforeAll(async () => {
  server = await startOpenAICompatibleServer({ apiKey: 'sk-judge' });
});
afterAll(() => server.close());
eachTestEngine(() => ({ agentId: 'ada', embedder: createHashEmbedder() }), async (opened) => {
  ({ home, memory } = opened);
  await memory.rememberMany([VAULT, FLAT, OFFICE, DEPLOY].map((content) => ({ type: 'observation' as const, content })), { longTerm: true });
  server.requests.length = 0;
});

const llm = () => createOpenAICompatibleChat({ baseURL: server.apiBaseURL, apiKey: 'sk-judge', model: 'judge-small', maxRetries: 0 });
const contents = (entries: readonly { content: string }[]) => entries.map((entry) => entry.content).sort();
const stored = async () => contents(await memory.store.query({ agentId: 'ada' }, {}));

/** The user message of the last request the model got: the request and the numbered memories. */
function lastPrompt(): string {
  const messages = server.bodies().at(-1)!.messages as { role: string; content: string }[];
  return messages.find((message) => message.role === 'user')!.content;
}

/** The number the last prompt gave a memory. */
function numberOf(content: string): number {
  const line = lastPrompt()
    .split('\n')
    .find((text) => text.endsWith(JSON.stringify(content)));
  return Number(/^(\d+)\. /.exec(line ?? '')?.[1]);
}

/** Asks once with a model answering [] to learn the numbers the door-code memories get, and checks that answer deleted nothing. */
async function doorCodeNumbers(): Promise<{ flat: number; office: number }> {
  server.script({ type: 'chat', content: '{"forget":[]}' });
  const report = await forgetByDescription(memory, 'the door code', { llm: llm() });
  expect(report.deleted).toEqual([]);
  expect(report.judge).toMatchObject({ model: 'openai-compatible/judge-small', chosen: 0, ignored: [] });
  expect(contents(report.candidates)).toEqual([FLAT, OFFICE].sort());
  expect(await stored()).toEqual([VAULT, FLAT, OFFICE, DEPLOY].sort());
  return { flat: numberOf(FLAT), office: numberOf(OFFICE) };
}

describe('forgetByDescription with an LLM judging what the rules are not sure of', () => {
  it('does not ask the model when the rules are sure, and deletes what they would', async () => {
    const report = await forgetByDescription(memory, 'the vault combination', { llm: llm() });
    expect(contents(report.deleted)).toEqual([VAULT]);
    expect(report.judge).toBeUndefined();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the model the request and numbered memories, never ids; an empty answer deletes nothing', async () => {
    await doorCodeNumbers();
    expect(server.requests).toHaveLength(1);
    const prompt = lastPrompt();
    expect(prompt).toMatch(/^Request: "the door code"\n\nMemories:\n1\. "/);
    for (const record of await memory.store.query({ agentId: 'ada' }, {})) expect(prompt).not.toContain(record.id);
    expect(server.bodies()[0]!.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'forget_choice' } });
  });

  it('deletes what the model chose, gone from every file; the other candidates stay', async () => {
    const { flat } = await doorCodeNumbers();
    server.script({ type: 'chat', content: JSON.stringify({ forget: [flat] }) });
    const report = await forgetByDescription(memory, 'the door code', { llm: llm() });
    expect(report.deleted).toMatchObject([{ content: FLAT, why: 'the model (openai-compatible/judge-small) judged the request names it' }]);
    expect(contents(report.candidates)).toEqual([OFFICE]);
    expect(report.judge).toMatchObject({ chosen: 1, ignored: [] });
    expect(report.judge!.usage.inputTokens).toBeGreaterThan(0);
    expect(await stored()).toEqual([VAULT, OFFICE, DEPLOY].sort());
    const bytes = allBytesUnder(home.home);
    expect(bytes).not.toContain(FLAT.toLowerCase());
    expect(bytes).not.toContain('kreuzberg');
    expect(bytes).not.toContain('4711');
  });

  it('deletes several memories only for a request that asks for several; else offers them', async () => {
    // A memory's text reaches the model: one saying "also forget the others" could make it choose up to ten.
    const { flat, office } = await doorCodeNumbers();
    server.script({ type: 'chat', content: JSON.stringify({ forget: [flat, office] }) });
    const one = await forgetByDescription(memory, 'the door code', { llm: llm() });
    expect(one.deleted).toEqual([]);
    expect(one.judge).toMatchObject({ chosen: 2 });
    expect(one.candidates.slice(0, 2).map((entry) => entry.why)).toEqual(Array(2).fill('the model (openai-compatible/judge-small) chose it with 1 other memory for a request naming one'));
    expect(await stored()).toEqual([VAULT, FLAT, OFFICE, DEPLOY].sort());
    // The plural asks for both: learn the numbers this request gives them (an empty answer), then choose both.
    server.script({ type: 'chat', content: '{"forget":[]}' });
    await forgetByDescription(memory, 'the door codes', { llm: llm() });
    server.script({ type: 'chat', content: JSON.stringify({ forget: [numberOf(FLAT), numberOf(OFFICE)] }) });
    const both = await forgetByDescription(memory, 'the door codes', { llm: llm() });
    expect(contents(both.deleted)).toEqual([FLAT, OFFICE].sort());
    expect(await stored()).toEqual([VAULT, DEPLOY].sort());
  });

  it('ignores numbers that name no memory shown, and deletes only the one that does', async () => {
    const { office } = await doorCodeNumbers();
    server.script({ type: 'chat', content: '{"forget":[0,-3,99]}' });
    const none = await forgetByDescription(memory, 'the door code', { llm: llm() });
    expect(none.deleted).toEqual([]);
    expect(none.judge).toMatchObject({ chosen: 0, ignored: [0, -3, 99] });
    expect(await stored()).toEqual([VAULT, FLAT, OFFICE, DEPLOY].sort());
    server.script({ type: 'chat', content: JSON.stringify({ forget: [office, 11, office] }) });
    const one = await forgetByDescription(memory, 'the door code', { llm: llm() });
    expect(contents(one.deleted)).toEqual([OFFICE]);
    expect(one.judge).toMatchObject({ chosen: 1, ignored: [11] });
    expect(await stored()).toEqual([VAULT, FLAT, DEPLOY].sort());
  });

  it('does not delete a memory edited while the model answered: it chose the text it was shown', async () => {
    const { flat, office } = await doorCodeNumbers();
    const [record] = (await memory.store.query({ agentId: 'ada' }, {})).filter((entry) => entry.content === FLAT);
    const chat = llm();
    // The real client, with the user's edit landing while the request is out.
    const editedMeanwhile = { ...chat, doGenerate: async (input: Parameters<typeof chat.doGenerate>[0]) => (await memory.update(record!.id, { content: 'The door code of the Kreuzberg flat is now 8800' }), chat.doGenerate(input)) };
    server.script({ type: 'chat', content: JSON.stringify({ forget: [flat, office] }) });
    const report = await forgetByDescription(memory, 'the door code', { llm: editedMeanwhile });
    expect(contents(report.deleted)).toEqual([OFFICE]);
    expect(report.judge).toMatchObject({ chosen: 1 });
    expect(await stored()).toEqual([VAULT, 'The door code of the Kreuzberg flat is now 8800', DEPLOY].sort());
  });

  it('asks an Anthropic model the same way (a forced tool call)', async () => {
    const { office } = await doorCodeNumbers();
    const anthropic = await startAnthropicServer({ apiKey: 'sk-ant-judge' });
    try {
      anthropic.script({ type: 'tool-input', input: { forget: [office] } });
      const claude = createAnthropicChat({ apiKey: 'sk-ant-judge', model: 'claude-judge', baseURL: anthropic.apiBaseURL, maxRetries: 0 });
      const report = await forgetByDescription(memory, 'the door code', { llm: claude });
      expect(report.deleted).toMatchObject([{ content: OFFICE, why: 'the model (anthropic/claude-judge) judged the request names it' }]);
      expect(anthropic.requests).toHaveLength(1);
    } finally {
      await anthropic.close();
    }
    expect(await stored()).toEqual([VAULT, FLAT, DEPLOY].sort());
  });

  it('with dryRun lists what the model chose and deletes nothing', async () => {
    const { flat } = await doorCodeNumbers();
    server.script({ type: 'chat', content: JSON.stringify({ forget: [flat] }) });
    const report = await forgetByDescription(memory, 'the door code', { llm: llm(), dryRun: true });
    expect(contents(report.deleted)).toEqual([FLAT]);
    expect(await stored()).toEqual([VAULT, FLAT, OFFICE, DEPLOY].sort());
    expect(allBytesUnder(home.home)).toContain(FLAT.toLowerCase());
  });

  it('a failed request deletes nothing, returns the candidates the rules found, and says why', async () => {
    const offline = await forgetByDescription(memory, 'the door code', { dryRun: true });
    const failures: { script: Parameters<OpenAICompatibleServer['script']>; code: string; requests: number }[] = [
      { script: [{ type: 'status', status: 500 }], code: 'PROVIDER_HTTP_ERROR', requests: 1 },
      // Not JSON, then not the schema after the repair: generateJson gives up.
      { script: [{ type: 'chat', content: 'The first one, I think.' }, { type: 'chat', content: '{"forget":"1"}' }], code: 'PROVIDER_RESPONSE_INVALID', requests: 2 },
    ];
    for (const failure of failures) {
      server.requests.length = 0;
      server.script(...failure.script);
      const report = await forgetByDescription(memory, 'the door code', { llm: llm() });
      expect(report.deleted).toEqual([]);
      expect(report.candidates).toEqual(offline.candidates);
      expect(report.judge).toMatchObject({ chosen: 0, error: { code: failure.code } });
      expect(server.requests).toHaveLength(failure.requests);
    }
    // The server down: nothing listens on the port any more.
    const down = await startOpenAICompatibleServer();
    await down.close();
    const unreachable = createOpenAICompatibleChat({ baseURL: down.apiBaseURL, model: 'judge-small', maxRetries: 0 });
    expect(await forgetByDescription(memory, 'the door code', { llm: unreachable })).toMatchObject({ deleted: [], candidates: offline.candidates, judge: { error: { code: expect.stringMatching(/^PROVIDER_/) } } });
    // The caller's abort.
    const aborted = new AbortController();
    aborted.abort();
    expect(await forgetByDescription(memory, 'the door code', { llm: llm(), abortSignal: aborted.signal })).toMatchObject({ deleted: [], candidates: offline.candidates, judge: { error: { code: 'ABORTED' } } });
    expect(await stored()).toEqual([VAULT, FLAT, OFFICE, DEPLOY].sort());
  });

  it('refuses an llm that is not an LlmClient, deleting nothing', async () => {
    for (const bad of [{}, 'gpt-4o', { provider: 'x', modelId: 'y' }]) {
      await expect(forgetByDescription(memory, 'the door code', { llm: bad as never })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/llm/) });
    }
    expect(await stored()).toEqual([VAULT, FLAT, OFFICE, DEPLOY].sort());
  });
});

describe('forget_memory with an llm', () => {
  const forgetTool = (withLlm: boolean) => createHippoTools({ memory, ...(withLlm ? { llm: llm() } : {}) }).find((tool) => tool.name === 'forget_memory')!;

  it('deletes what the model chose for an unsure description, and names a failed request beside the candidates', async () => {
    const { office } = await doorCodeNumbers();
    server.script({ type: 'status', status: 503 });
    const failed = await forgetTool(true).execute({ description: 'the door code' });
    expect(failed).toMatchObject({ ok: true, data: { deleted: 0, judgeError: { code: 'PROVIDER_HTTP_ERROR' } } });
    expect(contents((failed as { data: { candidates: { content: string }[] } }).data.candidates)).toEqual([FLAT, OFFICE].sort());
    server.script({ type: 'chat', content: JSON.stringify({ forget: [office] }) });
    expect(await forgetTool(true).execute({ description: 'the door code' })).toMatchObject({ ok: true, data: { deleted: 1, forgotten: [{ content: OFFICE, why: expect.stringMatching(/the model/) }] } });
    expect(await stored()).toEqual([VAULT, FLAT, DEPLOY].sort());
  });

  it('names a failed request when the rules had no candidate to offer either', async () => {
    // "canary" alone of three words: not a candidate of the rules, but a memory the model is shown.
    expect(await forgetByDescription(memory, 'the canary build pipeline', { dryRun: true })).toMatchObject({ deleted: [], candidates: [] });
    server.script({ type: 'status', status: 500 });
    expect(await forgetTool(true).execute({ description: 'the canary build pipeline' })).toMatchObject({ ok: true, data: { deleted: 0, judgeError: { code: 'PROVIDER_HTTP_ERROR' } } });
    expect(server.bodies()[0]!.messages).toEqual(expect.arrayContaining([expect.objectContaining({ content: expect.stringContaining(JSON.stringify(DEPLOY)) })]));
    expect(await stored()).toEqual([VAULT, FLAT, OFFICE, DEPLOY].sort());
  });

  it('tells the agent about the model only when one is configured', () => {
    expect(forgetTool(false).description).not.toMatch(/LLM/);
    expect(forgetTool(true).description).toMatch(/or else by the LLM/);
  });
});

describe('forget_memory over MCP with an llm', () => {
  it('createMcpServer hands its llm to forget_memory: the model judges an unsure description', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const { createMcpServer } = await import('../mcp/create-mcp-server.ts');
    const { flat } = await doorCodeNumbers();
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ memory, llm: llm() }).connect(serverTransport);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientTransport);
    server.script({ type: 'chat', content: JSON.stringify({ forget: [flat] }) });
    const result = await client.callTool({ name: 'forget_memory', arguments: { description: 'the door code' } });
    await client.close();
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toMatchObject({ deleted: 1, forgotten: [{ content: FLAT }] });
    expect(await stored()).toEqual([VAULT, OFFICE, DEPLOY].sort());
  });
});
