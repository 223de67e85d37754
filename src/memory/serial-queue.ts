/** Runs async jobs one at a time in arrival order, so state changes never interleave. */
export function createSerialQueue(): <T>(job: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T>) => {
    const result = tail.then(job, job);
    tail = result.catch(() => undefined);
    return result;
  };
}
