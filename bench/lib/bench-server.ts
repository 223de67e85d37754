/**
 * The server under test in a process of its own, so the load generator does not share
 * its event loop: `--src DIR` is the tree whose src/server/serve.ts runs (this checkout
 * by default; an extracted older commit for a same-run baseline). Prints the URL once
 * listening, stops on SIGTERM.
 *
 *   node --import tsx bench/lib/bench-server.ts --home DIR [--src DIR] [--read-workers N]
 *
 * `--read-workers` is passed to the server as `readWorkers` (a commit before it ignores it).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { home: { type: 'string' }, src: { type: 'string' }, 'read-workers': { type: 'string', default: '0' } } });
const root = values.src ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { startServer } = (await import(pathToFileURL(path.join(root, 'src/server/serve.ts')).href)) as typeof import('../../src/server/serve.ts');
const server = await startServer({ home: values.home!, host: '127.0.0.1', port: 0, embedder: null, readWorkers: Number(values['read-workers']) } as Parameters<typeof startServer>[0]);
console.log(`listening ${server.url}`);
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
