import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { agentPaths } from '../../config/agent-paths.ts';
import { createManualClock } from '../../core/system-clock.ts';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { readSessionLogs } from '../../memory/session-log.ts';
import type { MemoryEvent } from '../../spec/memory-event.ts';
import type { CliContext } from '../cli-context.ts';
import { DEMO_EXPERIENCES } from '../demo-script.ts';
import { formatMemoryLine } from '../format.ts';

const MINUTE = 60_000;
const binary = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/hippocampus.js');

/**
 * `hippocampus demo`: a fresh agent lives through a scripted afternoon, the
 * loop consolidates and prunes, then a brand-new process opens the same agent
 * and shows what survived and why the rest did not.
 */
export function registerDemoCommand(program: Command, context: CliContext): void {
  program
    .command('demo')
    .description('run the scripted demo on the embedded default (no keys, no servers)')
    .option('--phase <phase>', 'internal: "restart" shows the agent from a new process', 'live')
    .action(async (options: { phase: string }, command: Command) => {
      const { home } = context.globals(command);
      const asked = command.optsWithGlobals<{ agent?: string }>().agent === 'default' ? 'demo' : context.globals(command).agent;
      if (options.phase === 'restart') return showAfterRestart(context, home, asked);
      // The demo never touches an agent that exists: it runs on a fresh one beside it and says so.
      const agent = freshAgent(home, asked);
      if (agent !== asked) context.stdout(`Agent "${asked}" already exists in ${home}; the demo runs on a fresh agent "${agent}" and leaves "${asked}" untouched.\n`);
      await liveDemo(context, home, agent);
      const child = spawn(process.execPath, [binary, 'demo', '--phase', 'restart', '--home', home, '--agent', agent], { stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number>((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
      context.stdout(output.trimEnd());
      if (code !== 0) throw new Error(`the restarted process exited with ${code}`);
    });
}

/** `agent`, or `agent-2`, `agent-3`, … : the first id with nothing on disk yet. */
function freshAgent(home: string, agent: string): string {
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? agent : `${agent}-${suffix}`;
    if (!fs.existsSync(agentPaths(home, candidate).root)) return candidate;
  }
}

async function liveDemo(context: CliContext, home: string, agent: string): Promise<void> {
  // The afternoon starts three hours ago so the one-hour short-term age limit has something to prune.
  const clock = createManualClock(Date.now() - 3 * 60 * MINUTE);
  const say = (text: string) => context.stdout(text);
  const onEvent = (event: MemoryEvent) => {
    if (event.type === 'consolidated') say(`    ↳ consolidated to long-term: ${event.memory.content}`);
    if (event.type === 'pruned') say(`    ↳ pruned (${event.reason}, importance ${event.memory.importance.toFixed(2)}): ${event.memory.content}`);
  };
  const memory = await createHippocampus({ home, agentId: agent, clock, onEvent, consolidation: { intervalMs: 30 * MINUTE } });
  say(`▶ Agent "${agent}" in ${home}\n▶ Feeding ${DEMO_EXPERIENCES.length} experiences, one every 15 minutes (simulated clock)\n`);
  for (const experience of DEMO_EXPERIENCES) {
    const queued = await memory.get(memory.enqueue({ ...experience, timestamp: clock.now() }));
    say(`  + ${queued.type.padEnd(11)} importance ${queued.importance.toFixed(2)}  ${queued.content}`);
    await memory.tick();
    clock.advance(15 * MINUTE);
  }
  say('\n▶ Stopping the engine (flushes: consolidates whatever qualifies)');
  const report = await memory.stop();
  say(`  final run: ${report?.kept ?? 0} kept, ${report?.pruned ?? 0} pruned\n`);
  say('▶ Restarting in a new process…\n');
}

async function showAfterRestart(context: CliContext, home: string, agent: string): Promise<void> {
  const memory = await createHippocampus({ home, agentId: agent });
  const say = (text: string) => context.stdout(text);
  try {
    const longTerm = await memory.store.query({ agentId: agent }, { consolidated: true, orderBy: 'importance' });
    const shortTerm = await memory.store.query({ agentId: agent }, { consolidated: false });
    say(`process ${process.pid} opened agent "${agent}"\n`);
    say(`Remembered (long-term, most important first):`);
    for (const record of longTerm) say(`  ${formatMemoryLine(record)}`);
    say(`\nStill in short-term memory (waiting: below the 0.6 threshold, younger than the 1 h limit or important enough to wait):`);
    for (const record of shortTerm) say(`  ${formatMemoryLine(record)}`);
    if (shortTerm.length === 0) say('  (none)');
    say(`\nPruned, and why (from the session logs):`);
    for (const event of readSessionLogs(agentPaths(home, agent).root).filter((entry) => entry.event === 'pruned')) {
      say(`  ${String(event.type).padEnd(11)} importance ${Number(event.importance).toFixed(2)}  ${String(event.reason).padEnd(8)} ${String(event.id)}`);
    }
    const stats = await memory.stats();
    const runs = await memory.store.listConsolidationRuns({ agentId: agent }, 100);
    const related = await memory.recallRelated({ taskId: 'BILL-42' });
    say(`\nRecall by task BILL-42: ${related.length} memories`);
    for (const record of related) say(`  ${formatMemoryLine(record)}`);
    const kept = runs.reduce((total, run) => total + run.kept, 0);
    const pruned = runs.reduce((total, run) => total + run.pruned, 0);
    const question = 'why did the billing migration fail?';
    say(`\nAsk: "${question}" (hybrid recall, offline embeddings; each signal of the score shown)`);
    for (const result of await memory.recallRelevant(question, { limit: 3 })) {
      const signals = Object.entries(result.explain.contributions)
        .filter(([, value]) => value > 0.005)
        .map(([signal, value]) => `${signal} ${value.toFixed(2)}`)
        .join(', ');
      say(`  ${result.score.toFixed(2)}  ${result.memory.content}\n        ${signals}`);
    }
    say(`\nStats: ${stats.total} memories (${stats.total - stats.shortTerm} long-term, ${stats.shortTerm} short-term), ${(stats.sizeBytes / 1024).toFixed(0)} KiB on disk; ${runs.length} consolidation runs kept ${kept} and pruned ${pruned}`);
  } finally {
    await memory.stop();
  }
}
