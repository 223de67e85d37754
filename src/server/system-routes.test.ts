import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHttpAppFixture, type HttpAppFixture } from '../testing/http-app-fixture.ts';
import { API_OPERATIONS } from './api-operations.ts';

let fixture: HttpAppFixture;
beforeEach(async () => {
  fixture = await createHttpAppFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

describe('system routes', () => {
  test('health and version', async () => {
    expect(await (await fixture.app.request('/health')).json()).toEqual({ status: 'ok' });
    const manifest = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version: string };
    expect(await (await fixture.app.request('/version')).json()).toEqual({ name: 'hippocampus', version: manifest.version });
  });

  test('the OpenAPI document describes exactly the routes the app serves, with the request schemas', async () => {
    const document = (await (await fixture.app.request('/openapi.json')).json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; parameters?: { name: string; in: string }[] }>> };
    const served = fixture.app.routes
      .filter((route) => route.method !== 'ALL' && route.path !== '*' && route.path !== '/*')
      .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method} ${route}`))
      .sort();
    expect(documented).toEqual(served);
    expect(documented).toHaveLength(API_OPERATIONS.length);
    const search = document.paths['/agents/{agent}/search']!.post!;
    expect(Object.keys(search.requestBody!.content['application/json']!.schema.properties)).toEqual(expect.arrayContaining(['query', 'filter', 'limit', 'mode', 'weights']));
    const list = document.paths['/agents/{agent}/memories']!.get!;
    expect(list.parameters!.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['agent', 'cursor', 'limit', 'tier', 'filter']));
  });

  test('metrics: memories by agent and tier, recall latency, request counts, watcher lag declared', async () => {
    await fixture.json('/agents/ada/search', 'POST', { query: 'billing', recordAccess: false });
    const response = await fixture.app.request('/metrics');
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('hippocampus_memories{agent="ada",tier="core"} 2');
    expect(text).toContain('hippocampus_memories{agent="ada",tier="archival"} 1');
    expect(text).toContain('hippocampus_recall_duration_seconds_count{mode="hybrid"} 1');
    expect(text).toMatch(/hippocampus_recall_duration_seconds_bucket\{mode="hybrid",le="\+Inf"\} 1/);
    expect(text).toContain('hippocampus_http_requests_total{method="POST",route="/agents/:agent/search",status="200"} 1');
    expect(text).toContain('# TYPE hippocampus_watcher_lag_seconds gauge');
  });

  test('consolidation runs are listed and counted', async () => {
    const engine = await fixture.registry.get('ada');
    await engine.remember({ type: 'decision', content: 'Rotate the signing keys every quarter', importance: 0.9 });
    await engine.consolidate();
    const { runs } = (await (await fixture.app.request('/agents/ada/consolidations?limit=5')).json()) as { runs: { kept: number; trigger: string }[] };
    expect(runs[0]).toMatchObject({ kept: 1, trigger: 'manual' });
    expect(await (await fixture.app.request('/metrics')).text()).toContain('hippocampus_consolidation_runs_total{agent="ada",trigger="manual"} 1');
    expect((await fixture.app.request('/agents/ada/consolidations?limit=0')).status).toBe(400);
  });

  test('agents and stats', async () => {
    expect(await (await fixture.app.request('/agents')).json()).toEqual({ agents: [{ id: 'ada' }] });
    const { stats, vectors } = (await (await fixture.app.request('/agents/ada/stats')).json()) as { stats: { total: number; byTier: Record<string, number> }; vectors: { withVectors: number } };
    expect(stats.total).toBe(7);
    expect(stats.byTier).toEqual({ core: 2, active: 3, background: 1, archival: 1 });
    expect(vectors.withVectors).toBe(7);
  });

  test('export as JSON and Markdown, as a download', async () => {
    const json = await fixture.app.request('/agents/ada/export');
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="ada-memories.json"');
    const body = (await json.json()) as { count: number; memories: { content: string }[] };
    expect(body.count).toBe(7);
    expect(body.memories.map((memory) => memory.content)).toContain('Ada prefers her coffee black and her standups short');
    const markdown = await fixture.app.request('/agents/ada/export?format=markdown');
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
    const text = await markdown.text();
    expect(text).toMatch(/^# Memories of ada/);
    expect(text).toContain('## decision (1)');
    expect(text).toContain('- We ship the billing service on Fridays only after the canary is green #billing #release');
    expect((await fixture.app.request('/agents/ada/export?format=pdf')).status).toBe(400);
  });

  test('the dashboard is served at / and unknown paths are JSON 404s', async () => {
    const page = await fixture.app.request('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const missing = await fixture.app.request('/no/such/thing');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect((await fixture.app.request('/../package.json')).status).toBe(404);
  });
});
