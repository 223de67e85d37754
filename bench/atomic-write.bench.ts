// What the folder sync after the rename costs writeFileAtomically (working.json, mirrors, the mirror registry):
// N writes of a file through the function as it ships (temp file synced, renamed, folder synced) against the same
// without the folder sync (what it did before), in alternating rounds in one run, on the same disk.
// Run: npx tsx bench/atomic-write.bench.ts [writes per round] [rounds] [bytes]   (default: 200 6 4096)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomically, writeSynced } from '../src/live/atomic-write.ts';

const [writes = 200, rounds = 6, bytes = 4096] = process.argv.slice(2).map(Number);

/** The write before the folder sync: a synced temp file renamed over the file. */
function writeWithoutFolderSync(file: string, content: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeSynced(temporary, content);
  fs.renameSync(temporary, file);
}

function timeWrites(write: (file: string, content: string) => void, dir: string): number {
  const file = path.join(dir, 'working.json');
  const started = performance.now();
  for (let index = 0; index < writes!; index += 1) write(file, `${index}`.padEnd(bytes!, 'x'));
  return (performance.now() - started) / writes!;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-write-bench-'));
const ms = { without: [] as number[], with: [] as number[] };
try {
  for (let round = 0; round < rounds!; round += 1) {
    // Alternating which goes first, so neither always meets a cache the other warmed.
    const order = round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
    for (const variant of order) ms[variant].push(timeWrites(variant === 'with' ? writeFileAtomically : writeWithoutFolderSync, dir));
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`${writes} writes of ${bytes} B per round, ${rounds} rounds, ${os.tmpdir()}`);
console.log(`without the folder sync: ${median(ms.without).toFixed(3)} ms a write (median of rounds; ${ms.without.map((value) => value.toFixed(3)).join(' ')})`);
console.log(`with the folder sync:    ${median(ms.with).toFixed(3)} ms a write (median of rounds; ${ms.with.map((value) => value.toFixed(3)).join(' ')})`);
