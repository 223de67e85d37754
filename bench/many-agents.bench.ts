/**
 * One server, many small agents: the resident memory of a process that serves 1,000 agents of 20
 * memories each, one search and one listing per agent in turn, with the registry's cap on open agents
 * against no cap (every agent stays open: the behaviour before the cap, the baseline of the same run).
 *
 *   npx tsx bench/many-agents.bench.ts [--agents 1000] [--memories 20] [--caps 64,Infinity] [--read-workers 0] [--home DIR]
 *   (--read-workers N: the server's search threads, as `serve --read-workers N`)
 *
 * The agents are written once with the default offline embedder (USE-lite) into --home (kept when given);
 * each cap is measured in a fresh child process, so one run's heap does not carry into the next.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHippocampus } from '../src/memory/hippocampus.ts';
import { createHttpApp } from '../src/server/create-http-app.ts';
import { createUseLiteEmbedder } from '../src/providers/index.ts';
import { round } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '1000' },
    memories: { type: 'string', default: '20' },
    caps: { type: 'string', default: '64,Infinity' },
    home: { type: 'string' },
    serve: { type: 'string' },
    'read-workers': { type: 'string', default: '0' },
  },
});
const agents = Number(values.agents);
const perAgent = Number(values.memories);
const agentIds = Array.from({ length: agents }, (_, index) => `agent-${String(index).padStart(4, '0')}`);
const TOPICS = ['the garden fence', 'a trip to Porto', 'the invoice migration', 'piano lessons', 'the canary deploy', 'a marathon in June', 'tax forms', 'the blue kitchen'];
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

if (values.serve !== undefined) {
  // Child: serve every agent once through the HTTP app with this cap, sampling the resident set.
  const cap = Number(values.serve);
  const http = createHttpApp({ home: values.home!, maxOpenAgents: cap, idleCloseMs: 0, readWorkers: Number(values['read-workers']), logError: () => {} });
  const started = performance.now();
  let peak = 0;
  const headers = { 'Content-Type': 'application/json', Host: '127.0.0.1' };
  for (const [index, agentId] of agentIds.entries()) {
    const search = await http.app.request(`/agents/${agentId}/search`, { method: 'POST', headers, body: JSON.stringify({ query: TOPICS[index % TOPICS.length], limit: 5 }) });
    if (search.status !== 200) throw new Error(`search ${agentId}: ${search.status} ${await search.text()}`);
    await (await http.app.request(`/agents/${agentId}/memories?limit=5`, { headers })).arrayBuffer();
    if (index % 50 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  const end = process.memoryUsage().rss;
  const seconds = (performance.now() - started) / 1000;
  const open = http.registry.openAgents().length;
  await http.close();
  process.stdout.write(JSON.stringify({ cap: values.serve, agents, peakRssMb: mb(Math.max(peak, end)), endRssMb: mb(end), openAgents: open, agentsPerSecond: round(agents / seconds, 1) }));
  process.exit(0);
}

const home = values.home ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-many-agents-'));
const marker = path.join(home, `.written-${agents}x${perAgent}`);
if (!fs.existsSync(marker)) {
  const started = performance.now();
  const embedder = createUseLiteEmbedder();
  for (const [index, agentId] of agentIds.entries()) {
    const memory = await createHippocampus({ home, agentId, embedder });
    await memory.rememberMany(
      Array.from({ length: perAgent }, (_, item) => ({ type: 'observation' as const, content: `${agentId} noted ${TOPICS[(index + item) % TOPICS.length]} on day ${item}`, importance: 0.6 + (item % 4) * 0.1 })),
      { longTerm: true },
    );
    await memory.stop();
    if ((index + 1) % 100 === 0) console.log(`wrote ${index + 1} agents (${round((performance.now() - started) / 1000, 1)} s)`);
  }
  fs.writeFileSync(marker, '');
}

const script = fileURLToPath(import.meta.url);
const results = values.caps.split(',').map((cap) => {
  const child = spawnSync(process.execPath, ['--import', 'tsx', script, '--agents', String(agents), '--memories', String(perAgent), '--home', home, '--serve', cap, '--read-workers', values['read-workers']], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new Error(`cap ${cap} failed: ${child.stderr}`);
  const result = JSON.parse(child.stdout) as Record<string, unknown>;
  console.log(`cap ${cap}: peak RSS ${result.peakRssMb} MB, end ${result.endRssMb} MB, ${result.openAgents} agents open, ${result.agentsPerSecond} agents/s`);
  return result;
});
if (!values.home) fs.rmSync(home, { recursive: true, force: true });
console.log(JSON.stringify({ agents, memoriesPerAgent: perAgent, results }));
