import { describe, expect, it } from 'vitest';
import { acquireSerialQueue, createSerialQueue } from './serial-queue.ts';

const turns = async (count: number) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('createSerialQueue', () => {
  it('runs jobs one at a time in arrival order', async () => {
    const serial = createSerialQueue();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(`${name} start`);
      await turns(3);
      order.push(`${name} end`);
    };
    await Promise.all([serial(job('a')), serial(job('b')), serial(job('c'))]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('runs a job’s own calls within it, in order, while a call from outside waits for the whole job', async () => {
    const serial = createSerialQueue();
    const order: string[] = [];
    // A caller of its own (an HTTP request): its continuation was set up outside the job.
    let callOutside!: () => void;
    const outside = new Promise<void>((resolve) => (callOutside = resolve)).then(() => serial(async () => void order.push('outside')));
    await serial(async () => {
      order.push('batch start');
      callOutside();
      await turns(3);
      await Promise.all([serial(async () => {
        await turns(2);
        order.push('inner 1');
      }), serial(async () => void order.push('inner 2'))]);
      order.push('batch end');
    });
    await outside;
    expect(order).toEqual(['batch start', 'inner 1', 'inner 2', 'batch end', 'outside']);
  });

  it('a call a job left behind (a timer) queues once the job has ended', async () => {
    const serial = createSerialQueue();
    const order: string[] = [];
    let later: Promise<void> | undefined;
    let fired!: () => void;
    const timerFired = new Promise<void>((resolve) => (fired = resolve));
    await serial(async () => {
      setTimeout(() => {
        later = serial(async () => void order.push('timer job'));
        fired();
      }, 0);
    });
    const holding = serial(async () => {
      await timerFired;
      await turns(3);
      order.push('holding job');
    });
    await holding;
    await later;
    expect(order).toEqual(['holding job', 'timer job']);
  });

  it('keeps two queues apart: a job of one waits for the other’s, and a call back into the first runs within it', async () => {
    const first = createSerialQueue();
    const second = createSerialQueue();
    const order: string[] = [];
    let releaseSecond!: () => void;
    const secondHeld = second(() => new Promise<void>((resolve) => (releaseSecond = resolve)).then(() => void order.push('second job')));
    const firstJob = first(async () => {
      order.push('first job start');
      const waiting = second(async () => {
        order.push('second, called from the first');
        // Back into the first queue from inside its own job (through the second's): within it, not behind it.
        await first(async () => void order.push('first again, within'));
      });
      await turns(3);
      releaseSecond();
      await waiting;
      order.push('first job end');
    });
    await Promise.all([secondHeld, firstJob]);
    expect(order).toEqual(['first job start', 'second job', 'second, called from the first', 'first again, within', 'first job end']);
  });

  it('goes on after a job fails', async () => {
    const serial = createSerialQueue();
    await expect(serial(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(serial(async () => 'yes')).resolves.toBe('yes');
  });

  it('is one queue per agent and backend object while an engine holds it, and a new one after the last release', () => {
    const backend = {};
    const first = acquireSerialQueue(backend, 'ada');
    const second = acquireSerialQueue(backend, 'ada');
    expect(second.queue).toBe(first.queue);
    expect(acquireSerialQueue(backend, 'bob').queue).not.toBe(first.queue);
    expect(acquireSerialQueue({}, 'ada').queue).not.toBe(first.queue);
    first.release();
    first.release();
    const third = acquireSerialQueue(backend, 'ada');
    expect(third.queue).toBe(first.queue);
    second.release();
    third.release();
    expect(acquireSerialQueue(backend, 'ada').queue).not.toBe(first.queue);
  });
});
