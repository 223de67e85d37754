import { formatMemoriesForPrompt } from '../../src/core/prompt-format.ts';
import type { Hippocampus } from '../../src/memory/hippocampus.ts';
import type { LlmClient, LlmMessage } from '../../src/spec/llm-client.ts';

export interface ChatAgentOptions {
  memory: Hippocampus;
  llm: LlmClient;
  /** Who the agent is. */
  persona?: string;
  /** How many memories go into each prompt. Default 5. */
  recallLimit?: number;
}

/**
 * The integration every user writes first: before answering, recall what is
 * relevant to the message and put it in the system prompt; after answering,
 * enqueue the exchange so the engine consolidates it in the background.
 *
 * @example
 * const agent = createChatAgent({ memory, llm: createOpenAICompatibleChat({ baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3.2' }) });
 * await agent.reply('I moved to Lisbon last month.');
 * await agent.reply('Any tips for where I live?'); // the prompt now carries the Lisbon exchange
 */
export function createChatAgent(options: ChatAgentOptions) {
  const history: LlmMessage[] = [];
  const persona = options.persona ?? 'You are a helpful assistant with long-term memory.';
  return {
    async reply(message: string): Promise<{ text: string; system: string }> {
      const recalled = await options.memory.recallRelevant(message, { limit: options.recallLimit ?? 5 });
      const system = `${persona}\n\n${formatMemoriesForPrompt(recalled.map((result) => result.memory), { now: options.memory.clock.now() })}`;
      const { text } = await options.llm.doGenerate({ messages: [{ role: 'system', content: system }, ...history.slice(-10), { role: 'user', content: message }] });
      history.push({ role: 'user', content: message }, { role: 'assistant', content: text });
      options.memory.enqueue({ type: 'chat', content: `User: ${message}\nAssistant: ${text}` });
      return { text, system };
    },
  };
}
