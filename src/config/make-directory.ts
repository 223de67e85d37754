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
 * makeDirectory(mirrorFolder, { hint: '' }); // not under the home: no hint about --home
 */
export function makeDirectory(directory: string, options: { hint?: string; details?: Record<string, unknown> } = {}): void {
  const target = path.resolve(directory);
  const hint = options.hint ?? 'check --home or HIPPOCAMPUS_HOME';
  const refuse = (reason: string, cause?: unknown): never => {
    // `details` (the agent's file and id) let the public message name the folder from the home on.
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `Cannot create the directory ${target} (${reason})${hint ? `; ${hint}` : ''}`, ...(options.details ? { details: options.details } : {}), ...(cause === undefined ? {} : { cause }) });
  };
  const missing: string[] = [];
  for (let current = target; ; current = path.dirname(current)) {
    let found: fs.Stats | undefined;
    try {
      found = fs.statSync(current, { throwIfNoEntry: false });
    } catch (error) {
      refuse((error as Error).message, error);
    }
    if (found !== undefined) {
      if (!found.isDirectory()) refuse(`${current} is a file, not a directory`);
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
      refuse((error as Error).message, error);
    }
  }
}
