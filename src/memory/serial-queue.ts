import { currentFrame, frameOf, runInFrame, type Frame } from '../core/async-frames.ts';

type Serial = <T>(job: () => Promise<T>) => Promise<T>;

/** A serial queue, and whether it is idle: no job waiting or under way (a caller outside may then write at once). */
export type SerialQueue = Serial & { idle(): boolean };

/** A job under way: its queue (the owner), the queue of its own calls. */
interface JobFrame extends Frame {
  readonly run: Serial;
}

/**
 * Runs async jobs one at a time in arrival order, so state changes never interleave. A job may call the queue
 * again (a live watcher's batch holding the engine's writes while its own remembers go on): those calls run
 * in order within the job, not behind it, which would wait forever. Calls from outside a job wait for it whole.
 */
export function createSerialQueue(): SerialQueue {
  const owner = {};
  const chain = (): Serial => {
    let tail: Promise<unknown> = Promise.resolve();
    return <T>(job: () => Promise<T>) => {
      // The caller's job, of this queue or another's (an engine's write inside another engine's), is searched
      // upward from here; work the job left behind (a timer it set) is outside it once it ends, and queues again.
      const start = () => runInFrame({ owner, run: chain(), done: false, parent: currentFrame() } satisfies JobFrame, job);
      const result = tail.then(start, start);
      tail = result.catch(() => undefined);
      return result;
    };
  };
  const outer = chain();
  let outstanding = 0;
  const serial = <T>(job: () => Promise<T>) => {
    const frame = frameOf<JobFrame>(owner);
    if (frame !== undefined) return frame.run(job);
    outstanding += 1;
    return outer(job).finally(() => {
      outstanding -= 1;
    });
  };
  return Object.assign(serial, { idle: () => outstanding === 0 });
}

const sharedQueues = new WeakMap<object, Map<string, { queue: SerialQueue; holders: number }>>();

/**
 * The serial queue of one agent's writes over one backend object, shared by every engine of that agent opened
 * over it: on SQLite they share the agent's one connection, and with a queue each, one engine's write ran inside
 * the other's open transaction (a watcher's batch) and rolled back with it. A backend object per engine (the
 * default: the engine opens its own) gives each its own queue. `release` when the engine closes; the last
 * release lets the queue go (a server rotating many agents over one backend keeps none it no longer serves).
 *
 * @example
 * const { queue, release } = acquireSerialQueue(backend, 'ada'); // the same queue for every engine of 'ada' over `backend`
 */
export function acquireSerialQueue(backend: object, agentId: string): { queue: SerialQueue; release: () => void } {
  let agents = sharedQueues.get(backend);
  if (agents === undefined) sharedQueues.set(backend, (agents = new Map()));
  let entry = agents.get(agentId);
  if (entry === undefined) agents.set(agentId, (entry = { queue: createSerialQueue(), holders: 0 }));
  entry.holders += 1;
  let released = false;
  const held = entry;
  const byAgent = agents;
  return {
    queue: held.queue,
    release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders === 0 && byAgent.get(agentId) === held) byAgent.delete(agentId);
    },
  };
}
