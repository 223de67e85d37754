import type { HippocampusError } from './hippocampus-error.ts';
import { FAILED_QUERY } from './store-error.ts';

/**
 * What a caller across a boundary (an HTTP client, an agent reading a tool result) is told: the message
 * without the failed query and its parameters that a store error carries for the operator's log. Those
 * parameters are the caller's data and more (a PostgreSQL outage answered every search with its SQL).
 *
 * @example
 * publicMessage(new StoreError({ message: 'PostgreSQL query failed: connection refused', query: 'SELECT …', params: ['ada'] }))
 * // 'PostgreSQL query failed: connection refused'
 */
export function publicMessage(error: HippocampusError): string {
  const cut = error.message.indexOf(FAILED_QUERY);
  return cut === -1 ? error.message : error.message.slice(0, cut);
}
