import type { Hippocampus } from '../memory/hippocampus.ts';
import type { Clock } from '../spec/clock.ts';
import { openEngineWorkingMemory } from './agent-layers.ts';
import { consolidateWorkingMemory, type WorkingConsolidationReport } from './consolidate-working.ts';
import { MAX_CONSOLIDATION_INTERVAL_MS, nextConsolidationAt, type ConsolidationSchedule } from './consolidation-schedule.ts';

/** One scheduled (or on-demand) pass over every agent. */
export interface ConsolidationPass {
  startedAt: number;
  agents: number;
  conversations: number;
  facts: number;
  failures: { agentId: string; message: string }[];
}

export interface ConsolidationService {
  /** Runs a pass now (after one in progress, never two at once). */
  runNow(): Promise<ConsolidationPass>;
  /** When the next pass starts, or null when the schedule is 'never'. */
  nextRunAt(): number | null;
  readonly schedule: ConsolidationSchedule;
  /** The last pass, or null before the first. */
  lastPass(): ConsolidationPass | null;
  stop(): void;
}

export interface ConsolidationServiceOptions {
  schedule: ConsolidationSchedule;
  clock: Clock;
  /** The agents to consolidate at each pass. */
  agents(): string[] | Promise<string[]>;
  /** Lends the agent's engine for the pass (a server's registry, the watcher's own engine). */
  withEngine<T>(agentId: string, work: (memory: Hippocampus) => Promise<T>): Promise<T>;
  onPass?(pass: ConsolidationPass): void;
}

/**
 * The nightly working → semantic consolidation of a long-running process (`serve`, `watch --follow`):
 * at each time the schedule names it opens every agent's working memory afresh (its snapshot or Redis),
 * turns the conversations not yet consolidated into facts and graph relations, and writes the marks
 * back. A failing agent is reported in the pass and the others go on; the timer never keeps a process alive.
 *
 * @example
 * const nightly = scheduleConsolidationService({ schedule: { every: 'night', hourUtc: 3 }, clock: systemClock, agents: () => ['ada'], withEngine: (id, work) => work(memory) });
 * nightly.nextRunAt(); // the coming 03:00 UTC
 */
export function scheduleConsolidationService(options: ConsolidationServiceOptions): ConsolidationService {
  let timer: NodeJS.Timeout | undefined;
  let next: number | null = null;
  let last: ConsolidationPass | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function pass(): Promise<ConsolidationPass> {
    const result: ConsolidationPass = { startedAt: options.clock.now(), agents: 0, conversations: 0, facts: 0, failures: [] };
    for (const agentId of await options.agents()) {
      try {
        const report = await options.withEngine(agentId, consolidateAgent);
        result.agents += 1;
        result.conversations += report.conversationIds.length;
        result.facts += report.facts;
      } catch (error) {
        result.failures.push({ agentId, message: error instanceof Error ? error.message : String(error) });
      }
    }
    last = result;
    options.onPass?.(result);
    return result;
  }

  function runNow(): Promise<ConsolidationPass> {
    const run = running.catch(() => undefined).then(pass);
    running = run;
    return run;
  }

  function arm(): void {
    if (stopped) return;
    next = nextConsolidationAt(options.clock.now(), options.schedule);
    if (next === null) return;
    timer = setTimeout(() => void runNow().finally(arm), Math.max(0, next - options.clock.now()));
    timer.unref();
  }

  arm();
  return {
    runNow,
    nextRunAt: () => next,
    schedule: options.schedule,
    lastPass: () => last,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      next = null;
    },
  };
}

async function consolidateAgent(memory: Hippocampus): Promise<WorkingConsolidationReport> {
  const working = await openEngineWorkingMemory(memory);
  try {
    return await consolidateWorkingMemory({ memory, working: working.store });
  } finally {
    await working.close();
  }
}

/**
 * Reads the CLI's `--consolidate-at`: an hour of the day in UTC (0–23, nightly), a duration such as
 * `30m` or `6h` (every so often, at most 596h: MAX_CONSOLIDATION_INTERVAL_MS), or `never` (the off switch).
 */
export function parseConsolidationSchedule(value: string): ConsolidationSchedule | null {
  const text = value.trim().toLowerCase();
  if (text === 'never' || text === 'off') return { every: 'never' };
  if (/^\d{1,2}$/.test(text) && Number(text) <= 23) return { every: 'night', hourUtc: Number(text) };
  const match = /^(\d+)(ms|s|m|h)$/.exec(text);
  if (!match || Number(match[1]) === 0) return null;
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
  const intervalMs = Number(match[1]) * unit;
  return intervalMs > MAX_CONSOLIDATION_INTERVAL_MS ? null : { every: 'interval', intervalMs };
}
