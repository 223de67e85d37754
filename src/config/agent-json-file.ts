import fs from 'node:fs';
import { HippocampusError } from '../errors/hippocampus-error.ts';

/**
 * A JSON file an agent keeps beside its database (the mirror registry, the working-memory snapshot), read
 * and checked; undefined when there is none. A file that does not parse, or that `check` finds wrong (it
 * returns the reason), is DATABASE_CORRUPT naming it, with `details.agentId` so an HTTP client is told the
 * file from the home on: read as empty, such a file let a forget leave text behind it.
 *
 * @example
 * const folders = readAgentJsonFile(file, { what: 'mirror registry', agentId, remedy: 'delete it', check: (value) => (Array.isArray(value) ? null : 'not a list') });
 */
export function readAgentJsonFile(file: string, options: { what: string; agentId: string; remedy: string; check: (value: unknown) => string | null }): unknown {
  if (!fs.existsSync(file)) return undefined;
  const damaged = (reason: string, cause?: unknown) =>
    new HippocampusError({
      code: 'DATABASE_CORRUPT',
      message: `The ${options.what} ${file} is damaged (${reason}): nothing was changed; ${options.remedy}`,
      details: { file, agentId: options.agentId },
      ...(cause === undefined ? {} : { cause }),
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw damaged((error as Error).message, error);
  }
  const reason = options.check(parsed);
  if (reason !== null) throw damaged(reason);
  return parsed;
}
