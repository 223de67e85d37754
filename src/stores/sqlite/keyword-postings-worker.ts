// Reads an agent's FTS5 index into a postings snapshot, in a worker thread
// started by buildPostingsSnapshot (see database-worker.ts).
import { answerFromDatabase } from './database-worker.ts';
import { readPostingsSnapshot, snapshotBuffers } from './postings-snapshot.ts';

await answerFromDatabase(async (db) => {
  const snapshot = readPostingsSnapshot(db);
  return { value: snapshot, transfer: snapshotBuffers(snapshot) };
});
