import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { runAnthropicToolUse, runOpenAIToolCall, toAgentTools, toAiSdkTools, toAnthropicTools, toOpenAITools } from './adapters.ts';
import { createHippoTools } from './create-hippo-tools.ts';
import type { HippoTool } from './hippo-tool.ts';

let home: ReturnType<typeof createTempHome>;
let memory: Hippocampus;
let tools: HippoTool[];
beforeAll(async () => {
  home = createTempHome();
  memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: createHashEmbedder() });
  tools = createHippoTools({ memory });
});
afterAll(async () => {
  await memory.stop();
  home.cleanup();
});

describe('tool adapters', () => {
  it('AI SDK: tool() input objects keyed by name, executing through validation', async () => {
    const aiTools = toAiSdkTools(tools);
    expect(Object.keys(aiTools)).toEqual(tools.map((tool) => tool.name));
    expect(aiTools.recall_memory_block!.inputSchema.safeParse({ key: 'persona' }).success).toBe(true);
    expect(await aiTools.append_memory_block!.execute({ key: 'persona', text: 'Terse.' })).toMatchObject({ ok: true });
    expect(await aiTools.append_memory_block!.execute({ key: 7 })).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('OpenAI: function tools, and a tool call with bad JSON arguments answered as an error result', async () => {
    const [first] = toOpenAITools(tools);
    expect(first).toEqual({ type: 'function', function: { name: 'remember_facts', description: expect.any(String), parameters: tools[0]!.jsonSchema } });
    const ok = await runOpenAIToolCall(tools, { id: 'call_1', function: { name: 'recall_memory_block', arguments: '{"key":"persona"}' } });
    expect(ok).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(JSON.parse(ok.content)).toMatchObject({ ok: true, data: { value: 'Terse.' } });
    const bad = await runOpenAIToolCall(tools, { id: 'call_2', function: { name: 'recall_memory_block', arguments: '{key:' } });
    expect(JSON.parse(bad.content)).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    const unknown = await runOpenAIToolCall(tools, { id: 'call_3', function: { name: 'rm_rf', arguments: '{}' } });
    expect(JSON.parse(unknown.content).error.message).toMatch(/Unknown tool/);
  });

  it('Anthropic: input_schema tools and tool_result blocks flagged is_error', async () => {
    expect(toAnthropicTools(tools)[4]).toEqual({ name: 'recall_memory_block', description: expect.any(String), input_schema: tools[4]!.jsonSchema });
    expect(await runAnthropicToolUse(tools, { id: 'tu_1', name: 'recall_memory_block', input: { key: 'nope!' } })).toMatchObject({ type: 'tool_result', tool_use_id: 'tu_1', is_error: true });
    expect(await runAnthropicToolUse(tools, { id: 'tu_2', name: 'recall_memory_block', input: { key: 'persona' } })).toMatchObject({ is_error: false });
  });

  it('a malformed call from the model is an error result (or a ValidationError with no id to answer), never a TypeError', async () => {
    // OpenAI's custom tools call with { type: 'custom', custom: { name, input } } and no `function`.
    const custom = await runOpenAIToolCall(tools, { id: 'call_9', type: 'custom', custom: { name: 'recall_memory_block', input: 'persona' } } as never);
    expect(custom).toMatchObject({ role: 'tool', tool_call_id: 'call_9' });
    expect(JSON.parse(custom.content)).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('no function') } });
    const nameless = await runOpenAIToolCall(tools, { id: 'call_10', function: { arguments: '{}' } } as never);
    expect(JSON.parse(nameless.content)).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    const argumentless = await runOpenAIToolCall(tools, { id: 'call_11', function: { name: 'recall_memory_block' } } as never);
    expect(JSON.parse(argumentless.content)).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    for (const call of [null, undefined, 'call_1', { function: { name: 'recall_memory_block', arguments: '{}' } }]) {
      await expect(runOpenAIToolCall(tools, call as never), String(call)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    for (const block of [null, {}, { name: 'recall_memory_block', input: { key: 'persona' } }]) {
      await expect(runAnthropicToolUse(tools, block as never), JSON.stringify(block)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('AgentTool: name, label, description, parameters, execute', async () => {
    const [agentTool] = toAgentTools(tools);
    expect(agentTool).toMatchObject({ name: 'remember_facts', label: 'Remember facts', parameters: { type: 'object', required: ['text'] } });
    expect(await agentTool!.execute({ text: 'I play tennis on Sundays.' })).toMatchObject({ ok: true, data: { summary: expect.stringMatching(/^Learned 1 fact/) } });
  });
});
