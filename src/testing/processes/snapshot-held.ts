// Another process's read-merge-write of a working-memory snapshot, held open: under the file's lock it reads the
// snapshot, prints "read", waits the given milliseconds, then writes back what it read plus one conversation of its
// own — as a second CLI closing working memory at the same moment does. Arguments: the snapshot file, the id of the
// conversation it adds, how long it holds (ms).
import fs from 'node:fs';
import { writeFileAtomically } from '../../live/atomic-write.ts';
import { withFileLock } from '../../live/file-lock.ts';

const [file, conversationId, holdMs] = process.argv.slice(2);
withFileLock(file!, () => {
  const saved = fs.existsSync(file!) ? (JSON.parse(fs.readFileSync(file!, 'utf8')) as unknown[]) : [];
  process.stdout.write('read\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(holdMs));
  const own = { conversationId, timestamp: Date.now(), fullText: `user: ${conversationId}`, embedding: [1, 0, 0], keyEntities: [], topics: [] };
  writeFileAtomically(file!, JSON.stringify([own, ...saved]));
});
