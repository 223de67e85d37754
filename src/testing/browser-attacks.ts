import http from 'node:http';

// The requests a web page can make a browser send to a server on this machine, each with the answer a
// safe server gives. Used by the HTTP server's tests and replayed by the reliability suite.

export interface BrowserAttack {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `:agent` is replaced by the agent under attack. */
  path: string;
  /** `:port` in a header value is replaced by the server's port. */
  headers: Record<string, string>;
  body?: string;
  status: number;
  code: string;
}

const json = { 'Content-Type': 'application/json' };

export const BROWSER_ATTACKS: BrowserAttack[] = [
  { name: 'DNS rebinding: read every memory', method: 'GET', path: '/agents/:agent/export', headers: { Host: 'evil.com' }, status: 403, code: 'FORBIDDEN_HOST' },
  { name: 'DNS rebinding: read the list of agents', method: 'GET', path: '/agents', headers: { Host: 'evil.com:80' }, status: 403, code: 'FORBIDDEN_HOST' },
  { name: 'DNS rebinding: write a memory', method: 'POST', path: '/agents/:agent/memories', headers: { ...json, Host: 'evil.com::port' }, body: JSON.stringify({ type: 'decision', content: 'planted by a web page', importance: 1 }), status: 403, code: 'FORBIDDEN_HOST' },
  { name: 'DNS rebinding: search', method: 'POST', path: '/agents/:agent/search', headers: { ...json, Host: 'attacker.example::port' }, body: JSON.stringify({ query: 'password' }), status: 403, code: 'FORBIDDEN_HOST' },
  { name: 'DNS rebinding: metrics', method: 'GET', path: '/metrics', headers: { Host: 'evil.com' }, status: 403, code: 'FORBIDDEN_HOST' },
  { name: 'cross-site text/plain forget (no preflight)', method: 'POST', path: '/agents/:agent/forget', headers: { 'Content-Type': 'text/plain', Origin: 'http://evil.com' }, body: JSON.stringify({ description: 'billing' }), status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'text/plain forget from a page of this origin', method: 'POST', path: '/agents/:agent/forget', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ description: 'billing' }), status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  { name: 'text/plain memory write', method: 'POST', path: '/agents/:agent/memories', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ type: 'decision', content: 'planted by a form', importance: 1 }), status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  { name: 'form-encoded search', method: 'POST', path: '/agents/:agent/search', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'query=billing', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  { name: 'multipart block write', method: 'PUT', path: '/agents/:agent/blocks/human', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x\r\n\r\nvalue\r\n--x--', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  { name: 'a POST with no Content-Type at all', method: 'POST', path: '/agents/:agent/forget', headers: {}, body: JSON.stringify({ description: 'billing' }), status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  { name: 'cross-origin JSON write (preflighted, origin not allowed)', method: 'POST', path: '/agents/:agent/memories', headers: { ...json, Origin: 'http://evil.com' }, body: JSON.stringify({ type: 'decision', content: 'planted cross-origin', importance: 1 }), status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'cross-origin read with an Origin header', method: 'GET', path: '/agents/:agent/export', headers: { Origin: 'http://evil.com' }, status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'cross-site script include of the export', method: 'GET', path: '/agents/:agent/export', headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' }, status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'cross-site delete of a memory', method: 'DELETE', path: '/agents/:agent/memories/:id', headers: { Origin: 'http://evil.com' }, status: 403, code: 'FORBIDDEN_ORIGIN' },
  { name: 'null origin (sandboxed iframe) forget', method: 'POST', path: '/agents/:agent/forget', headers: { ...json, Origin: 'null' }, body: JSON.stringify({ description: 'billing' }), status: 403, code: 'FORBIDDEN_ORIGIN' },
];

/** Sends one request with exactly these headers (fetch would not let a test set Host). */
export function rawRequest(port: number, request: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers: { Host: `127.0.0.1:${port}`, ...request.headers, ...(request.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(request.body)) }) } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    if (request.body !== undefined) outgoing.write(request.body);
    outgoing.end();
  });
}

/** The attack with its placeholders filled in for a running server. */
export function attackRequest(attack: BrowserAttack, values: { port: number; agent: string; id: string }): { method: string; path: string; headers: Record<string, string>; body?: string } {
  const headers = Object.fromEntries(Object.entries(attack.headers).map(([name, value]) => [name, value.replace(':port', String(values.port))]));
  return { method: attack.method, path: attack.path.replace(':agent', values.agent).replace(':id', values.id), headers, ...(attack.body === undefined ? {} : { body: attack.body }) };
}
