import { createHttpApp, type HttpApp, type HttpAppOptions } from '../server/create-http-app.ts';
import type { ExperienceInput, MemoryRecord } from '../spec/memory-record.ts';
import { createHashEmbedder } from './hash-embedder.ts';
import { createTempHome } from './temp-home.ts';

/** A few memories of different types, domains and importance, for API and dashboard tests. */
export const SEED_MEMORIES: ExperienceInput[] = [
  { type: 'decision', content: 'We ship the billing service on Fridays only after the canary is green', importance: 0.9, domain: 'work', tags: ['billing', 'release'] },
  { type: 'error', content: 'The postgres migration for invoices timed out on the replica', importance: 0.75, domain: 'work', tags: ['postgres', 'billing'] },
  { type: 'insight', content: 'Invoice retries should back off exponentially to avoid hammering the payment gateway', importance: 0.6, domain: 'work', tags: ['billing'] },
  { type: 'chat', content: 'Ada prefers her coffee black and her standups short', importance: 0.45, domain: 'user', tags: ['preference'] },
  { type: 'observation', content: 'The dashboard latency alert fired twice during the weekend deploy', importance: 0.3, domain: 'ops', tags: ['alert'] },
  { type: 'task', content: 'Write the postmortem for the cache stampede incident', importance: 0.5, domain: 'ops', tags: ['incident'] },
  { type: 'tool-use', content: 'Ran the backup restore drill against the staging shard', importance: 0.15, domain: 'ops', tags: ['backup'] },
];

export interface HttpAppFixture extends HttpApp {
  home: string;
  /** The seeded agent's memories, in seed order. */
  seeded: MemoryRecord[];
  /** `app.request` with a JSON body. */
  json(path: string, method: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  cleanup(): Promise<void>;
}

/**
 * An app over a fresh home with one agent seeded straight into long-term memory
 * (hash embedder: fast, deterministic, offline).
 *
 * @example
 * const fixture = await createHttpAppFixture({ agentId: 'ada' });
 * await fixture.app.request('/agents/ada/memories');
 * await fixture.cleanup();
 */
export async function createHttpAppFixture(options: Partial<HttpAppOptions> & { agentId?: string; memories?: ExperienceInput[] } = {}): Promise<HttpAppFixture> {
  const { home, cleanup } = createTempHome('hippocampus-http-');
  const { agentId = 'ada', memories = SEED_MEMORIES, ...appOptions } = options;
  const httpApp = createHttpApp({ embedder: createHashEmbedder(), logError: () => {}, ...appOptions, home });
  const engine = await httpApp.registry.get(agentId, { create: true });
  const results = await engine.rememberMany(memories, { longTerm: true });
  return {
    ...httpApp,
    home,
    seeded: results.map((result) => result.memory),
    async json(path, method, body, headers = {}) {
      return httpApp.app.request(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    },
    async cleanup() {
      await httpApp.close();
      cleanup();
    },
  };
}
