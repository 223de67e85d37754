import { AsyncLocalStorage } from 'node:async_hooks';

type Serial = <T>(job: () => Promise<T>) => Promise<T>;

/**
 * Runs async jobs one at a time in arrival order, so state changes never interleave. A job may call the queue
 * again (a live watcher's batch holding the engine's writes while its own remembers go on): those calls run
 * in order within the job, not behind it, which would wait forever. Calls from outside a job wait for it whole.
 */
export function createSerialQueue(): Serial {
  const within = new AsyncLocalStorage<{ run: Serial; done: boolean }>();
  const chain = (): Serial => {
    let tail: Promise<unknown> = Promise.resolve();
    return <T>(job: () => Promise<T>) => {
      const start = () => {
        const inner = { run: chain(), done: false };
        return within.run(inner, job).finally(() => {
          // Work the job left behind (a timer it set) is outside it once it ends, and queues again.
          inner.done = true;
        });
      };
      const result = tail.then(start, start);
      tail = result.catch(() => undefined);
      return result;
    };
  };
  const outer = chain();
  return <T>(job: () => Promise<T>) => {
    const current = within.getStore();
    return current && !current.done ? current.run(job) : outer(job);
  };
}
