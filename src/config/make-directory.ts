import fs from 'node:fs';
import path from 'node:path';
import { HippocampusError } from '../errors/hippocampus-error.ts';

/**
 * Makes a directory and its missing parents, one level at a time, or throws one CONFIG_ERROR naming it.
 * Not `mkdirSync(…, { recursive: true })`: under /proc, where mkdir answers ENOENT though the parent
 * exists, Node 20's recursive mkdir retries forever (`--home /proc/1` hung the CLI); and the errors it
 * did give (ENOTDIR under a file, EPERM under /sys) reached the caller as INTERNAL_ERRORs.
 *
 * @example
 * makeDirectory(path.dirname(agentPaths(home, agentId).longTermDatabase));
 * makeDirectory(mirrorFolder, ''); // not under the home: no hint about --home
 */
export function makeDirectory(directory: string, hint = 'check --home or HIPPOCAMPUS_HOME'): void {
  const target = path.resolve(directory);
  const missing: string[] = [];
  for (let current = target; ; current = path.dirname(current)) {
    let found: fs.Stats | undefined;
    try {
      found = fs.statSync(current, { throwIfNoEntry: false });
    } catch (error) {
      refuse(target, `${current}: ${(error as Error).message}`, hint, error);
    }
    if (found !== undefined) {
      if (!found.isDirectory()) refuse(target, `${current} is a file, not a directory`, hint);
      break;
    }
    missing.push(current);
    if (path.dirname(current) === current) break;
  }
  for (const level of missing.reverse()) {
    try {
      fs.mkdirSync(level);
    } catch (error) {
      // Made by another process in between: as good as made here.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && fs.statSync(level, { throwIfNoEntry: false })?.isDirectory()) continue;
      refuse(target, (error as Error).message, hint, error);
    }
  }
}

function refuse(directory: string, reason: string, hint: string, cause?: unknown): never {
  throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Cannot create the directory ${directory} (${reason})${hint ? `; ${hint}` : ''}`, ...(cause === undefined ? {} : { cause }) });
}
