// A worker thread that reads an agent's FTS5 index into a postings snapshot on
// a connection of its own, so the seconds it takes never block the event loop
// that answers queries. Started by buildPostingsSnapshot below.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { readPostingsSnapshot, snapshotBuffers } from './postings-snapshot.ts';

const { file } = workerData as { file: string };
const db = new Database(file, { readonly: true, fileMustExist: true });
try {
  db.pragma('busy_timeout = 5000');
  const snapshot = readPostingsSnapshot(db);
  parentPort!.postMessage({ snapshot }, snapshotBuffers(snapshot));
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
} finally {
  db.close();
}
