import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { createHippocampus } from '../memory/hippocampus.ts';
import { createHttpApp } from '../server/create-http-app.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { createHippoTools } from '../tools/create-hippo-tools.ts';
import { openAgentLayers } from './agent-layers.ts';
import { parseConsolidationSchedule } from './nightly-consolidation.ts';
import { HIPPOCAMPUS_BINARY } from '../testing/cli-server.ts';

// The router and the scheduled working → semantic consolidation, through the surfaces people use:
// the CLI, the recall_memories tool, HTTP search, `serve` and `watch --follow`.

const RECENT = 'Can you book the Lisbon offsite venue for March? Priya wants the riverside hall.';
let home: ReturnType<typeof createTempHome>;

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'hippocampus', '--home', home.home, '--agent', 'ada', ...args], { stdout: (text) => (stdout += `${text}\n`), stderr: (text) => (stderr += `${text}\n`) });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  home = createTempHome();
  expect((await cli('remember', 'The billing service moved to the Frankfurt cluster in 2024.', '--type', 'observation', '--importance', '0.9')).code).toBe(0);
  expect((await cli('working', 'store', `user: ${RECENT}\nassistant: I will book the riverside hall in Lisbon for March.`)).code).toBe(0);
  expect((await cli('skills', 'add', 'deploy-billing', '--description', 'deploy the billing service to staging', '--code', 'make deploy SERVICE=billing ENV=staging')).code).toBe(0);
}, 120_000);
afterAll(() => home.cleanup());

describe('the router answers from the layer that knows, on every surface', () => {
  it('memory search --route names the layer and why', async () => {
    const cases: [string, string][] = [
      [RECENT, 'working'],
      ['How do I deploy the billing service to staging?', 'procedural'],
      ['Which cluster runs the billing service?', 'semantic'],
    ];
    for (const [query, layer] of cases) {
      const result = await cli('memory', 'search', '--route', '--query', query, '--json');
      expect(result.code, result.stderr).toBe(0);
      const answer = JSON.parse(result.stdout) as { layer: string; consulted: { layer: string; served: boolean; note: string }[] };
      expect(answer.layer, query).toBe(layer);
      expect(answer.consulted.find((entry) => entry.served)?.layer).toBe(layer);
    }
    const human = await cli('memory', 'search', '--route', '--query', 'Which cluster runs the billing service?');
    expect(human.stdout).toContain('answered by the semantic layer');
    expect(human.stdout).toContain('Frankfurt');
  });

  it('recall_memories with a router says which layer answered; with a kind it searches long-term memory', async () => {
    const memory = await createHippocampus({ home: home.home, agentId: 'ada' });
    const layers = await openAgentLayers(memory, { readOnly: true });
    try {
      const recall = createHippoTools({ memory, router: layers.router }).find((tool) => tool.name === 'recall_memories')!;
      const routed = await recall.execute({ query: 'How do I deploy the billing service to staging?' });
      expect(routed).toMatchObject({ ok: true, data: { layer: 'procedural', skills: [{ name: 'deploy-billing' }] } });
      expect((routed as { data: { why: string[] } }).data.why.join('\n')).toContain('procedural: skill "deploy-billing" fits');
      // A routed answer from long-term memory carries each memory's similarity, as a direct search does.
      const semantic = (await recall.execute({ query: 'Which cluster runs the billing service?' })) as { data: { layer: string; results: { content: string; similarity?: number }[] } };
      expect(semantic.data.layer).toBe('semantic');
      expect(semantic.data.results[0]).toMatchObject({ content: expect.stringContaining('Frankfurt'), similarity: expect.any(Number) });
      expect(semantic.data.results[0]!.similarity).toBeGreaterThan(0.3);
      const direct = (await recall.execute({ query: 'billing cluster', kind: 'memory' })) as { ok: boolean; data: Record<string, unknown> };
      expect(direct.ok).toBe(true);
      expect('layer' in direct.data).toBe(false);
    } finally {
      await layers.close();
      await memory.stop();
    }
  });

  it('HTTP search with route: true answers with the layer and what each layer had', async () => {
    const http = createHttpApp({ home: home.home, logError: () => {}, consolidation: { every: 'never' } });
    try {
      const response = await http.app.request('/agents/ada/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: RECENT, route: true }) });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { layer: string; working: { conversationId: string }[]; consulted: { layer: string }[] };
      expect(body.layer).toBe('working');
      expect(body.working.length).toBeGreaterThan(0);
      const plain = (await (await http.app.request('/agents/ada/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'billing cluster' }) })).json()) as Record<string, unknown>;
      expect('layer' in plain).toBe(false);
    } finally {
      await http.close();
    }
  });
});

describe('the scheduled working → semantic consolidation', () => {
  it('reads the schedule the CLI is given', () => {
    expect(parseConsolidationSchedule('3')).toEqual({ every: 'night', hourUtc: 3 });
    expect(parseConsolidationSchedule('never')).toEqual({ every: 'never' });
    expect(parseConsolidationSchedule('30m')).toEqual({ every: 'interval', intervalMs: 1_800_000 });
    for (const bad of ['24', '-1', 'soon', '0m', '']) expect(parseConsolidationSchedule(bad), bad).toBeNull();
  });

  it('serve runs it on schedule over every agent, shows it in /metrics and /consolidation, and consolidates a conversation once', async () => {
    const http = createHttpApp({ home: home.home, logError: () => {}, consolidation: { every: 'interval', intervalMs: 200 } });
    try {
      const status = async () => (await (await http.app.request('/consolidation')).json()) as { nextRunAt: number | null; lastPass: { conversations: number; facts: number; agents: number } | null };
      expect((await status()).nextRunAt).toBeGreaterThan(Date.now() - 1_000);
      await expect.poll(async () => (await status()).lastPass !== null, { timeout: 30_000, interval: 100 }).toBe(true);
      const first = (await status()).lastPass!;
      expect(first.agents).toBe(1);
      expect(first.conversations).toBe(1);
      const metrics = await (await http.app.request('/metrics')).text();
      expect(metrics).toMatch(/hippocampus_working_consolidation_passes_total\{outcome="ok"\} \d+/);
      expect(metrics).toContain('hippocampus_working_consolidation_conversations_total 1');
      expect(metrics).toMatch(/hippocampus_working_consolidation_next_timestamp_seconds \d+/);
      // The conversation was marked consolidated in the snapshot: the next pass finds nothing new.
      const again = await http.consolidation.runNow();
      expect(again.conversations).toBe(0);
    } finally {
      await http.close();
    }
  }, 60_000);

  it('--consolidate-at switches it off or is a usage error', async () => {
    const http = createHttpApp({ home: home.home, logError: () => {}, consolidation: { every: 'never' } });
    expect(http.consolidation.nextRunAt()).toBeNull();
    await http.close();
    const bad = await cli('serve', '--port', '0', '--consolidate-at', 'soon');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--consolidate-at');
  });

  it('watch --follow runs it beside the watcher', async () => {
    await cli('working', 'store', 'user: My sister Ines moved to Porto last spring.', '--id', 'porto');
    const transcript = path.join(home.home, 'chat.jsonl');
    fs.writeFileSync(transcript, `${JSON.stringify({ role: 'user', content: 'I started learning the cello.', timestamp: Date.now() })}\n`);
    const binary = HIPPOCAMPUS_BINARY;
    const child = spawn(process.execPath, [binary, '--home', home.home, '--agent', 'ada', 'watch', '--source', transcript, '--follow', '--consolidate-at', '1s'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (/consolidated working memory: 1 conversations/.test(stderr)) resolve();
        });
        child.on('close', (code) => reject(new Error(`watch exited ${code}: ${stderr}`)));
      });
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('close', resolve));
    }
    expect(stderr).toMatch(/consolidated working memory: 1 conversations, \d+ facts/);
  }, 60_000);
});
