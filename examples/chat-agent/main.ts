// A terminal chat with memory against any OpenAI-compatible endpoint:
//   CHAT_BASE_URL=http://127.0.0.1:11434/v1 CHAT_MODEL=llama3.2 npx tsx examples/chat-agent/main.ts
// (CHAT_API_KEY when the endpoint needs one; HIPPOCAMPUS_HOME for where memories live.)
import { createInterface } from 'node:readline/promises';
import { createHippocampus } from '../../src/memory/hippocampus.ts';
import { createOpenAICompatibleChat } from '../../src/providers/index.ts';
import { createChatAgent } from './chat-agent.ts';

const baseURL = process.env.CHAT_BASE_URL ?? 'http://127.0.0.1:11434/v1';
const model = process.env.CHAT_MODEL ?? 'llama3.2';
const memory = await createHippocampus({ agentId: process.env.CHAT_AGENT ?? 'chat-agent', ...(process.env.HIPPOCAMPUS_HOME ? { home: process.env.HIPPOCAMPUS_HOME } : {}) });
memory.start();
const agent = createChatAgent({ memory, llm: createOpenAICompatibleChat({ baseURL, model, ...(process.env.CHAT_API_KEY ? { apiKey: process.env.CHAT_API_KEY } : {}) }) });
const terminal = createInterface({ input: process.stdin, output: process.stdout });
console.log(`chatting with ${model} at ${baseURL}; empty line to quit`);
for (;;) {
  const line = (await terminal.question('you> ')).trim();
  if (line === '') break;
  console.log(`bot> ${(await agent.reply(line)).text}`);
}
terminal.close();
await memory.stop();
