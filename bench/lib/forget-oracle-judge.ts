import type { ForgetScenario } from '../../src/forget/fixtures/forget-cases.ts';
import { countWords, parseJsonBody, sendJson, startLoopbackServer, type LoopbackServer } from '../../src/testing/loopback-server.ts';

/**
 * A loopback OpenAI-compatible chat server that judges forget requests as a perfect model would: it knows the labelled
 * set, and answers the number of the request's target when the memories shown hold it, else [] (and [] for a request
 * the set gives to two scenarios). What forgetByDescription
 * reaches with it is the ceiling any model can reach with the memories it is shown (the list offerToJudge builds); it
 * also shows that the bench's judge flags reach a server and count what it answers.
 *
 * @example
 * const oracle = await startOracleJudge(FORGET_SCENARIOS);
 * const llm = createOpenAICompatibleChat({ baseURL: oracle.apiBaseURL, model: 'oracle' });
 */
export async function startOracleJudge(scenarios: readonly ForgetScenario[]): Promise<LoopbackServer & { apiBaseURL: string }> {
  const targets = new Map<string, Set<string>>();
  for (const scenario of scenarios) for (const description of scenario.descriptions) targets.set(description, (targets.get(description) ?? new Set()).add(scenario.target));
  const server = await startLoopbackServer((request, response) => {
    const messages = (parseJsonBody(request)?.messages ?? []) as { role: string; content: string }[];
    const prompt = messages.find((message) => message.role === 'user')?.content ?? '';
    const [requestLine, , , ...memoryLines] = prompt.split('\n');
    const description = JSON.parse(requestLine!.slice('Request: '.length)) as string;
    const shown = memoryLines.map((line) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as string);
    // A request the set gives two scenarios ("my divorce": two memories of a divorce) means neither for sure: it asks.
    const meant = targets.get(description)?.size === 1 ? targets.get(description)! : new Set<string>();
    const forget = shown.flatMap((content, at) => (meant.has(content) ? [at + 1] : []));
    const content = JSON.stringify({ forget });
    // Words, not tokens (the loopback servers' crude count): the size of what a model would read.
    const usage = { prompt_tokens: messages.reduce((sum, message) => sum + countWords(message.content), 0), completion_tokens: countWords(content) };
    sendJson(response, 200, { id: 'oracle', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }], usage });
  });
  return { ...server, apiBaseURL: `${server.baseURL}/v1` };
}
