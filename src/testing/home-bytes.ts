import fs from 'node:fs';
import path from 'node:path';

/**
 * Every byte of every file under a directory (database, WAL, logs, mirrors, caches) as lower-cased
 * latin1 text, for tests that prove a forgotten sentence left nothing on disk.
 *
 * @example
 * expect(allBytesUnder(home)).not.toContain('seventeen purple elephants');
 */
export function allBytesUnder(directory: string): string {
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n')
    .toLowerCase();
}
