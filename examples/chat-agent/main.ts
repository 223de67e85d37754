// A terminal chat with memory against any OpenAI-compatible endpoint (see README.md beside this file):
//   CHAT_BASE_URL=http://127.0.0.1:11434/v1 CHAT_MODEL=llama3.2 npx tsx examples/chat-agent/main.ts
// Interactive (an empty line quits) or piped (`printf 'hi\n' | …`: every line is a message, end of input quits).
import { createInterface } from 'node:readline';
import { HippocampusError } from '../../src/errors/hippocampus-error.ts';
import { createHippocampus } from '../../src/memory/hippocampus.ts';
import { createOpenAICompatibleChat } from '../../src/providers/index.ts';
import { createChatAgent } from './chat-agent.ts';

const baseURL = process.env.CHAT_BASE_URL ?? 'http://127.0.0.1:11434/v1';
const model = process.env.CHAT_MODEL ?? 'llama3.2';
const interactive = process.stdin.isTTY === true;
const memory = await createHippocampus({ agentId: process.env.CHAT_AGENT ?? 'chat-agent', ...(process.env.HIPPOCAMPUS_HOME ? { home: process.env.HIPPOCAMPUS_HOME } : {}) });
memory.start();
const agent = createChatAgent({ memory, llm: createOpenAICompatibleChat({ baseURL, model, maxRetries: 1, ...(process.env.CHAT_API_KEY ? { apiKey: process.env.CHAT_API_KEY } : {}) }) });
// Lines are read as a stream, one reply at a time: piped input no longer races a closed prompt
// (ERR_USE_AFTER_CLOSE), and the engine is always stopped, which stores every queued exchange.
const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
const prompt = () => interactive && process.stdout.write('you> ');
try {
  if (interactive) console.log(`chatting with ${model} at ${baseURL}; empty line to quit`);
  prompt();
  for await (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      if (interactive) break;
      continue;
    }
    console.log(`bot> ${(await agent.reply(line)).text}`);
    prompt();
  }
} catch (error) {
  const code = HippocampusError.isInstance(error) ? error.code : 'ERROR';
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  console.error(`error [${code}]: ${message} (is an OpenAI-compatible server such as Ollama answering at ${baseURL}? see examples/chat-agent/README.md)`);
  process.exitCode = 1;
} finally {
  lines.close();
  await memory.stop();
}
