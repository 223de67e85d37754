import { AsyncLocalStorage } from 'node:async_hooks';

/** A piece of async work under way: whose it is (a serial queue, a connection's transaction), whether it ended, the work it runs inside of. */
export interface Frame {
  readonly owner: object;
  done: boolean;
  readonly parent: Frame | undefined;
}

// One storage for every queue and transaction of the process: Node 20 copies each AsyncLocalStorage's store onto
// every promise it creates, so one per engine made every promise of a server of fifty agents pay fifty copies (its
// health route answered 2,677-2,894 requests/s against 5,209-6,760 before, fifty 2k agents' searches 456-507/s
// against 625-670).
const frames = new AsyncLocalStorage<Frame>();

/** The frame the caller runs in, if any. */
export function currentFrame(): Frame | undefined {
  return frames.getStore();
}

/** Runs `work` in `frame`; once it ends, work it left behind (a timer it set) no longer counts as within it. */
export function runInFrame<F extends Frame, T>(frame: F, work: () => Promise<T>): Promise<T> {
  return frames.run(frame, work).finally(() => {
    frame.done = true;
  });
}

/** The innermost frame of `owner` the caller runs within and that has not ended, searched upward. */
export function frameOf<F extends Frame>(owner: object): F | undefined {
  for (let frame = frames.getStore(); frame !== undefined; frame = frame.parent) if (frame.owner === owner && !frame.done) return frame as F;
  return undefined;
}
