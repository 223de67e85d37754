/** Hash routes, so the server only ever serves one page: #/a/<agent>/<view>[/<id>][?query] (the id of the graph view is an entity name). */
export type ViewName = 'overview' | 'memories' | 'search' | 'memory' | 'blocks' | 'graph';

export interface Route {
  agent: string | null;
  view: ViewName;
  id: string | null;
  params: URLSearchParams;
}

const VIEWS: ViewName[] = ['overview', 'memories', 'search', 'memory', 'blocks', 'graph'];

/**
 * A segment of the address as it stands when its escapes are malformed ("%E0%A4%A", a link cut short): decodeURIComponent
 * threw, nothing was rendered and the previous view stayed under the new address (probe). Kept raw, the server
 * names what is wrong with it (INVALID_AGENT_ID, NOT_FOUND) in the view's error box.
 */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function parseRoute(hash = location.hash): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const [, marker, agent, view, id] = path.split('/').map(decodeSegment);
  const known = VIEWS.find((name) => name === view);
  return { agent: marker === 'a' && agent ? agent : null, view: known ?? 'overview', id: id ?? null, params: new URLSearchParams(query) };
}

export function href(agent: string, view: ViewName, id?: string, params?: Record<string, string>): string {
  const query = params ? new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString() : '';
  return `#/a/${encodeURIComponent(agent)}/${view}${id ? `/${encodeURIComponent(id)}` : ''}${query ? `?${query}` : ''}`;
}

export function navigate(target: string): void {
  if (location.hash === target) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = target;
}
