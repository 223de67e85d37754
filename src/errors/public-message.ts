import path from 'node:path';
import type { HippocampusError } from './hippocampus-error.ts';
import { FAILED_QUERY } from './store-error.ts';

/** What a caller is told of a store that cannot be reached: the driver's words name the database's host and port. */
export const STORE_UNAVAILABLE_MESSAGE = 'The store did not answer';

/**
 * What a caller across a boundary (an HTTP client, an agent reading a tool result) is told: the message
 * without the failed query and its parameters that a store error carries for the operator's log. Those
 * parameters are the caller's data and more (a PostgreSQL outage answered every search with its SQL).
 * An unreachable store is told in fixed words: the driver's ("connect ECONNREFUSED 10.0.0.5:5432") gave the
 * database's address to anyone who asked the unauthenticated /health.
 *
 * @example
 * publicMessage(new StoreError({ message: 'PostgreSQL query failed: syntax error', query: 'SELECT …', params: ['ada'] }))
 * // 'PostgreSQL query failed: syntax error'
 */
export function publicMessage(error: HippocampusError): string {
  if (error.code === 'STORE_UNAVAILABLE') return STORE_UNAVAILABLE_MESSAGE;
  const cut = error.message.indexOf(FAILED_QUERY);
  return withoutHome(cut === -1 ? error.message : error.message.slice(0, cut), error.details);
}

/**
 * A message naming an agent's file (`details.file`: a damaged or missing database) names it from the
 * home directory on: "agents/ada/memory/longterm.db". The absolute path says where the server keeps its
 * data and whose account it runs in; the operator's log and the CLI keep it. A file outside the home (a
 * registered mirror's index.json, written wherever `index export` was told) is named from its folder on,
 * "team-mirror/index.json", as is that folder wherever the message names it (the remedy's `--dir`): cut only
 * at the home, the message gave an HTTP client or a model "/srv/data/private/team-mirror/index.json" (probe).
 */
function withoutHome(message: string, details: Readonly<Record<string, unknown>>): string {
  const { file, agentId } = details;
  if (typeof file !== 'string' || typeof agentId !== 'string') return message;
  const marker = `${path.sep}agents${path.sep}${agentId}${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at > 0) return message.split(file.slice(0, at + 1)).join('');
  const above = path.dirname(path.dirname(file));
  // A file in the root or one folder below it names nothing more than its folder.
  return path.isAbsolute(file) && above !== path.dirname(above) ? message.split(above + path.sep).join('') : message;
}
