/**
 * `work`'s outcome, or `late()`'s error when it has not settled within `timeoutMs`: a server that stops
 * answering (a dropped network, a client queueing commands forever) must not hold its caller. The timer
 * is cleared either way; `work` itself is not cancelled.
 *
 * @example
 * await withDeadline(pool.query('SELECT 1'), 1000, () => new StoreError({ code: 'STORE_UNAVAILABLE', message: 'no answer within 1000 ms' }));
 */
export async function withDeadline<T>(work: Promise<T>, timeoutMs: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
