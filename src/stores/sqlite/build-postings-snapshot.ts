import { Worker } from 'node:worker_threads';
import { StoreError } from '../../errors/store-error.ts';
import type { PostingsSnapshot } from './postings-snapshot.ts';

/** Reads the FTS5 index of the database file into a postings snapshot in a worker thread. */
export function buildPostingsSnapshot(file: string): Promise<PostingsSnapshot> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./keyword-postings-worker-entry.mjs', import.meta.url), { workerData: { file } });
    let settled = false;
    const fail = (cause: unknown) => {
      if (settled) return;
      settled = true;
      reject(new StoreError({ message: `Could not read the keyword index of ${file} into postings`, cause }));
    };
    worker.once('message', (reply: { snapshot?: PostingsSnapshot; error?: string }) => {
      if (reply.snapshot === undefined) return fail(new Error(reply.error ?? 'no snapshot'));
      settled = true;
      resolve(reply.snapshot);
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`postings worker exited with code ${code}`)));
  });
}
