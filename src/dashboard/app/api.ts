import { h } from './dom.ts';
import type { AgentStats, ConsolidationRun, GraphEntityListing, GraphNeighborhoodAnswer, MemoryBlock, MemoryHistoryEvent, MemoryPage, MemoryView, SearchHit, StrengthCurve } from './api-types.ts';

const TOKEN_KEY = 'hippocampus.token';

/** An error answer of the API: `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Called when the server asks for a bearer token; resolves with one (or null to give up). */
let askForToken: () => Promise<string | null> = async () => null;
export function onTokenNeeded(handler: () => Promise<string | null>): void {
  askForToken = handler;
}

/** fetch with this tab's bearer token; on a 401, asks for one once and tries again. */
async function authorizedFetch(path: string, init: RequestInit = {}, retried = false): Promise<Response> {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(path, { ...init, headers });
  if (response.status === 401 && !retried) {
    const entered = await askForToken();
    if (entered) {
      sessionStorage.setItem(TOKEN_KEY, entered);
      return authorizedFetch(path, init, true);
    }
  }
  return response;
}

async function failureOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  return new ApiError(response.status, body?.error?.code ?? 'HTTP_ERROR', body?.error?.message ?? `${response.status} ${response.statusText}`);
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await authorizedFetch(path, init);
  if (!response.ok) throw await failureOf(response);
  return (await response.json()) as T;
}

const agentPath = (agent: string) => `/agents/${encodeURIComponent(agent)}`;
const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

export interface ListFilters {
  text?: string;
  types?: string;
  tier?: string;
  domain?: string;
  minImportance?: string;
  filter?: string;
}

/** A memory a description may mean, when forget is unsure: to confirm by id. */
export interface ForgetCandidate {
  id: string;
  content: string;
  why: string;
  similarity: number | null;
}

/** Forgetting by ids, or by a description of what to forget. */
export type ForgetTarget = { ids: string[] } | { description: string };

/** What a forget answers: the ids gone, and the memory-block lines that still say it (blocks are not rewritten). */
export interface ForgetAnswer {
  deleted: string[];
  missing: string[];
  stillInBlocks?: { key: string; lines: string[] }[];
  /** Beside a sure forget by description: recent conversations in working memory that still say it, to confirm by id. */
  candidates?: ForgetCandidate[];
  next?: string;
}

export interface SearchOptions {
  query: string;
  limit?: number;
  mode?: 'hybrid' | 'semantic' | 'keyword';
  filter?: string;
}

/** Every call the dashboard makes; it talks to nothing but this API. */
export const api = {
  agents: () => request<{ agents: { id: string }[] }>('/agents'),
  stats: (agent: string) => request<AgentStats>(`${agentPath(agent)}/stats`),
  consolidations: (agent: string, limit = 200) => request<{ runs: ConsolidationRun[] }>(`${agentPath(agent)}/consolidations?limit=${limit}`),
  /** The server's scheduled working → semantic consolidation. */
  nightly: () => request<{ schedule: { every: string; hourUtc?: number; intervalMs?: number }; nextRunAt: number | null; lastPass: { startedAt: number; conversations: number; facts: number } | null }>('/consolidation'),
  memories(agent: string, filters: ListFilters, cursor: string | null, limit = 50) {
    const query = new URLSearchParams({ limit: String(limit) });
    for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
    if (cursor) query.set('cursor', cursor);
    return request<MemoryPage>(`${agentPath(agent)}/memories?${query}`);
  },
  memory: (agent: string, id: string) => request<{ memory: MemoryView }>(`${agentPath(agent)}/memories/${encodeURIComponent(id)}`),
  update: (agent: string, id: string, patch: { content?: string; importance?: number; tags?: string[] }) =>
    request<{ memory: MemoryView }>(`${agentPath(agent)}/memories/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify(patch) }),
  history: (agent: string, id: string) => request<{ events: MemoryHistoryEvent[] }>(`${agentPath(agent)}/memories/${encodeURIComponent(id)}/history`),
  strength: (agent: string, id: string) => request<StrengthCurve>(`${agentPath(agent)}/memories/${encodeURIComponent(id)}/strength?horizonDays=120&points=80`),
  search(agent: string, options: SearchOptions) {
    const { filter, ...rest } = options;
    // Looking something up in the dashboard is not the agent remembering it: no access is recorded.
    return request<{ results: SearchHit[]; tookMs: number }>(`${agentPath(agent)}/search`, post({ ...rest, ...(filter ? { filter } : {}), recordAccess: false }));
  },
  /** What forgetting would delete, by ids or by a description (the same match forget runs); nothing is deleted. */
  // `candidates`: when a description is unsure, what it may mean (nothing is deleted by it; the user picks by id).
  forgetPreview: (agent: string, what: ForgetTarget) => request<{ memories: MemoryView[]; missing: string[]; candidates?: ForgetCandidate[] }>(`${agentPath(agent)}/forget/preview`, post(what)),
  forget: (agent: string, what: ForgetTarget) => request<ForgetAnswer>(`${agentPath(agent)}/forget`, post(what)),
  graphEntities(agent: string, query = '', limit = 100) {
    const search = new URLSearchParams({ limit: String(limit), ...(query ? { query } : {}) });
    return request<{ entities: GraphEntityListing[] }>(`${agentPath(agent)}/graph/entities?${search}`);
  },
  graphNeighbors: (agent: string, entity: string) => request<GraphNeighborhoodAnswer>(`${agentPath(agent)}/graph/neighbors/${encodeURIComponent(entity)}`),
  blocks: (agent: string) => request<{ blocks: MemoryBlock[] }>(`${agentPath(agent)}/blocks`),
  putBlock: (agent: string, key: string, value: string) => request<{ block: MemoryBlock }>(`${agentPath(agent)}/blocks/${encodeURIComponent(key)}`, { method: 'PUT', body: JSON.stringify({ value }) }),
  exportUrl: (agent: string, format: 'json' | 'markdown') => `${agentPath(agent)}/export?format=${format}`,
  /**
   * Saves an export as the file the server names. Fetched with the token: a plain download link sends
   * none, so on a server with a token the browser got the 401 and cancelled the download.
   */
  async downloadExport(agent: string, format: 'json' | 'markdown'): Promise<void> {
    const response = await authorizedFetch(api.exportUrl(agent, format));
    if (!response.ok) throw await failureOf(response);
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `${agent}-memories.${format === 'json' ? 'json' : 'md'}`;
    const url = URL.createObjectURL(await response.blob());
    const link = h('a', { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked once the browser has taken the file; revoking at once can cancel the download.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};
