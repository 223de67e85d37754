import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Uint8Array;
  contentType: string;
  cacheControl: string;
}

/**
 * The built dashboard, read once at start. Only files that exist in the build
 * can be served, so no request path can reach outside it.
 *
 * @example
 * const files = loadStaticFiles(new URL('../dashboard/dist/', import.meta.url));
 * files.get('/index.html')
 */
export function loadStaticFiles(directory: URL | string): Map<string, StaticFile> {
  // A URL's pathname keeps its escapes ("My%20Projects"): a file path has none.
  const root = directory instanceof URL ? fileURLToPath(directory) : directory;
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(root)) return files;
  for (const relative of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const full = path.join(root, relative);
    if (!fs.statSync(full).isFile()) continue;
    const urlPath = `/${relative.split(path.sep).join('/')}`;
    // Vite puts a content hash in every asset name, so those never change; the page itself must be revalidated.
    const cacheControl = urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    files.set(urlPath, { body: fs.readFileSync(full), contentType: CONTENT_TYPES[path.extname(full)] ?? 'application/octet-stream', cacheControl });
  }
  return files;
}
