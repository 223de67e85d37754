import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeDirectory } from '../config/make-directory.ts';

/**
 * Writes a file so a reader sees the old content or the new, never half of
 * either: a synced temp file beside it, then a rename over it.
 *
 * @example
 * writeFileAtomically('memory/index.json', JSON.stringify(index, null, 2));
 */
export function writeFileAtomically(file: string, content: string): void {
  makeDirectory(path.dirname(file), { hint: '' });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = fs.openSync(temporary, 'w');
  try {
    try {
      fs.writeFileSync(fd, content);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    // A write cut short (a full disk) leaves part of the content in the temporary file, which no
    // forget rewrites: it goes too.
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
