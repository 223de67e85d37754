// 100 kill -9 trials: a process is killed at a random instant while it writes, consolidates or forgets.
// After each, a fresh process opens the agent: every acknowledged write is there, no acknowledged forget
// came back, and the file passes SQLite's and FTS5's integrity checks.
import { afterAll, describe, expect, it } from 'vitest';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { seeded } from '../fuzz-values.ts';
import { spawnScript } from '../run-script.ts';
import { createTempHome } from '../temp-home.ts';
import { checkAgentDatabase } from './database-checks.ts';
import { recordResult } from './reliability-results.ts';

type Mode = 'write' | 'consolidate' | 'forget';
const TRIALS: Mode[] = Array.from({ length: 100 }, (_, index) => (['write', 'consolidate', 'forget'] as const)[index % 3]!);

interface TrialOutcome {
  mode: Mode;
  acknowledgedWrites: number;
  acknowledgedForgets: number;
  lostWrites: number;
  resurrected: number;
  integrityFailures: number;
  killedAfterMs: number;
  /** The child was still working when the kill came (not already finished). */
  killedMidOperation: boolean;
}

/** Runs the child until it has acknowledged `minimum` lines, waits a random extra moment, then kills it with SIGKILL. */
async function runAndKill(args: string[], minimum: number, extraMs: number): Promise<{ lines: string[]; killedAfterMs: number; finished: boolean }> {
  const child = spawnScript('reliability-child.ts', args);
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  const started = Date.now();
  let killedAfterMs = -1;
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.stdout?.on('data', (chunk: Buffer) => {
    partial += chunk.toString();
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    lines.push(...complete);
    if (lines.length >= minimum && killedAfterMs < 0) {
      killedAfterMs = 0;
      setTimeout(() => {
        killedAfterMs = Date.now() - started;
        child.kill('SIGKILL');
      }, extraMs);
    }
  });
  const code = await closed;
  if (code !== null && code !== 0) throw new Error(`child failed (${code}): ${stderr}`);
  return { lines, killedAfterMs, finished: code === 0 };
}

const outcomes: TrialOutcome[] = [];
const { home, cleanup } = createTempHome('hippocampus-kill-');
afterAll(() => {
  const sum = (key: keyof TrialOutcome) => outcomes.reduce((total, outcome) => total + (outcome[key] as number), 0);
  recordResult('kill-trials', {
    trials: outcomes.length,
    byMode: Object.fromEntries((['write', 'consolidate', 'forget'] as const).map((mode) => [mode, outcomes.filter((outcome) => outcome.mode === mode).length])),
    acknowledgedWrites: sum('acknowledgedWrites'),
    acknowledgedForgets: sum('acknowledgedForgets'),
    lostWrites: sum('lostWrites'),
    resurrected: sum('resurrected'),
    integrityFailures: sum('integrityFailures'),
    killedMidOperation: outcomes.filter((outcome) => outcome.killedMidOperation).length,
  });
  cleanup();
});

describe('kill -9 at a random instant', () => {
  const random = seeded(20_261_124);
  it.each(TRIALS.map((mode, index) => [index, mode] as const))('trial %i (%s): nothing acknowledged is lost, nothing forgotten returns, the file is whole', async (index, mode) => {
    const agentId = `trial-${index}`;
    const extraMs = Math.floor(random() * 250);
    let seededIds: string[] = [];
    if (mode === 'forget') {
      const memory = await createHippocampus({ home, agentId, embedder: null });
      const results = await memory.rememberMany(
        Array.from({ length: 600 }, (_, item) => ({ type: 'insight' as const, content: `trial ${index} secret ${item} of the lighthouse keeper`, importance: 0.8 })),
        { longTerm: true },
      );
      seededIds = results.map((result) => result.memory.id);
      await memory.stop();
    }
    const { lines, killedAfterMs, finished } = await runAndKill([home, agentId, mode, String(index), seededIds.join(',')], mode === 'forget' ? 3 : 10, extraMs);
    const written = lines.filter((line) => line.startsWith('w ')).map((line) => line.slice(2));
    const pruned = new Set(lines.filter((line) => line.startsWith('p ')).map((line) => line.slice(2)));
    const forgotten = lines.filter((line) => line.startsWith('f ')).map((line) => line.slice(2));

    const check = checkAgentDatabase(home, agentId);
    // Reopening through the engine replays what the crash left (short-term rows back to the ring) and must see the same rows.
    const memory = await createHippocampus({ home, agentId, embedder: null });
    const visible = new Set((await memory.recall({ limit: 1_000_000 })).map((record) => record.id));
    await memory.stop();

    const lost = written.filter((id) => !pruned.has(id) && (!check.ids.has(id) || !visible.has(id)));
    const resurrected = forgotten.filter((id) => check.ids.has(id) || visible.has(id));
    const expectedSurvivors = seededIds.filter((id) => !forgotten.includes(id));
    const outcome: TrialOutcome = { mode, acknowledgedWrites: written.length, acknowledgedForgets: forgotten.length, lostWrites: lost.length, resurrected: resurrected.length, integrityFailures: check.healthy ? 0 : 1, killedAfterMs, killedMidOperation: !finished };
    outcomes.push(outcome);

    expect(check.problems).toEqual([]);
    expect(lost).toEqual([]);
    expect(resurrected).toEqual([]);
    if (mode === 'forget') {
      expect(forgotten.length).toBeGreaterThanOrEqual(3);
      expect(finished, 'the forget run ended before the kill: the trial tested nothing').toBe(false);
      // A forget that was not yet acknowledged may or may not have happened; every memory never asked about is still there.
      const asked = new Set(seededIds.slice(0, Math.ceil(forgotten.length / 3) * 3 + 3));
      expect(expectedSurvivors.filter((id) => !asked.has(id) && !check.ids.has(id))).toEqual([]);
    } else {
      expect(written.length).toBeGreaterThanOrEqual(10);
    }
  });
});
