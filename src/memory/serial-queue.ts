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
