// Reads an agent's FTS5 index into a postings snapshot, in a worker thread
// started by buildPostingsSnapshot and kept for the next agent's (see database-worker.ts).
import { answerFromDatabase } from './database-worker.ts';
import { readPostingsSnapshot, snapshotBuffers } from './postings-snapshot.ts';

answerFromDatabase(async (db) => {
  const snapshot = readPostingsSnapshot(db);
  return { value: snapshot, transfer: snapshotBuffers(snapshot) };
});
