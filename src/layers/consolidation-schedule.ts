import { ValidationError } from '../errors/validation-error.ts';
import { requireEngine } from '../memory/backend-capability.ts';
import { consolidateWorkingMemory, type WorkingConsolidationOptions, type WorkingConsolidationReport } from './consolidate-working.ts';

/** When working memory is consolidated: nightly by default (03:00 UTC), every so often, or only on demand. */
export type ConsolidationSchedule = { every: 'night'; hourUtc?: number } | { every: 'interval'; intervalMs: number } | { every: 'never' };

export const DEFAULT_CONSOLIDATION_SCHEDULE: ConsolidationSchedule = { every: 'night', hourUtc: 3 };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The longest interval a schedule takes: setTimeout's limit (24.8 days). Node fires a longer timer after 1 ms, so
 * `serve --consolidate-at 600h` consolidated every agent in a loop, a pass each millisecond or so (probe).
 */
export const MAX_CONSOLIDATION_INTERVAL_MS = 2 ** 31 - 1;

/**
 * The next time a schedule fires after `now`, or null for 'never'.
 *
 * @example
 * nextConsolidationAt(Date.UTC(2025, 0, 1, 12), { every: 'night', hourUtc: 3 }) // Date.UTC(2025, 0, 2, 3)
 */
export function nextConsolidationAt(now: number, schedule: ConsolidationSchedule): number | null {
  switch (schedule.every) {
    case 'never':
      return null;
    case 'interval':
      if (!(schedule.intervalMs > 0)) throw new ValidationError({ message: `intervalMs must be positive, got ${schedule.intervalMs}` });
      if (schedule.intervalMs > MAX_CONSOLIDATION_INTERVAL_MS) {
        throw new ValidationError({ message: `intervalMs must be at most ${MAX_CONSOLIDATION_INTERVAL_MS} (24.8 days, the longest a timer waits), got ${schedule.intervalMs}` });
      }
      return now + schedule.intervalMs;
    case 'night': {
      const hour = schedule.hourUtc ?? 3;
      if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new ValidationError({ message: `hourUtc must be an integer 0..23, got ${hour}` });
      const today = Math.floor(now / DAY_MS) * DAY_MS + hour * HOUR_MS;
      return today > now ? today : today + DAY_MS;
    }
  }
}

export interface WorkingConsolidationScheduler {
  /** Runs now (waiting for a run in progress first, so two never overlap). */
  runNow(): Promise<WorkingConsolidationReport>;
  nextRunAt(): number | null;
  stop(): void;
}

/**
 * Consolidates working memory on a schedule and on demand. The timer is
 * unref'd: it never keeps a process alive. A failed run is reported to
 * `onError` and the schedule carries on.
 *
 * @example
 * const scheduler = scheduleWorkingConsolidation({ memory, working, schedule: { every: 'night', hourUtc: 2 } });
 * await scheduler.runNow(); // on demand
 * scheduler.stop();
 */
export function scheduleWorkingConsolidation(
  options: WorkingConsolidationOptions & { schedule?: ConsolidationSchedule; onRun?: (report: WorkingConsolidationReport) => void; onError?: (error: unknown) => void },
): WorkingConsolidationScheduler {
  requireEngine(options?.memory, 'scheduleWorkingConsolidation');
  const schedule = options.schedule ?? DEFAULT_CONSOLIDATION_SCHEDULE;
  let timer: NodeJS.Timeout | undefined;
  let next: number | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  function runNow(): Promise<WorkingConsolidationReport> {
    const run = running.catch(() => undefined).then(() => consolidateWorkingMemory(options));
    running = run;
    return run;
  }

  function arm(): void {
    if (stopped) return;
    next = nextConsolidationAt(options.memory.clock.now(), schedule);
    if (next === null) return;
    timer = setTimeout(() => {
      runNow().then(options.onRun, options.onError).finally(arm);
    }, Math.max(0, next - options.memory.clock.now()));
    timer.unref();
  }

  arm();
  return {
    runNow,
    nextRunAt: () => next,
    stop() {
      stopped = true;
      next = null;
      if (timer) clearTimeout(timer);
    },
  };
}
