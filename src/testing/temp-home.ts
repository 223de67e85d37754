import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh home directory for one test; removed by the returned cleanup. */
export function createTempHome(prefix = 'hippocampus-test-'): { home: string; cleanup(): void } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { home, cleanup: () => fs.rmSync(home, { recursive: true, force: true }) };
}
