import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTempHome } from '../testing/temp-home.ts';
import { loadStaticFiles } from './static-files.ts';

let temp: ReturnType<typeof createTempHome>;
beforeEach(() => {
  temp = createTempHome();
});
afterEach(() => temp.cleanup());

// The server finds its dashboard as a file: URL beside its own module; a project under "My Projects" (or any
// folder name a URL escapes) had an escaped pathname no file has, and served no dashboard at all.
it('reads the dashboard from a file: URL whose folder names a URL escapes (a space, a non-ASCII letter, %)', () => {
  const directory = path.join(temp.home, 'My Projects', 'café 100%', 'dist');
  fs.mkdirSync(path.join(directory, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(directory, 'index.html'), '<!doctype html><title>dashboard</title>');
  fs.writeFileSync(path.join(directory, 'assets', 'app-1a2b.js'), 'console.log(1)');
  const files = loadStaticFiles(pathToFileURL(`${directory}/`));
  expect([...files.keys()].sort()).toEqual(['/assets/app-1a2b.js', '/index.html']);
  expect(Buffer.from(files.get('/index.html')!.body).toString()).toContain('<title>dashboard</title>');
  expect(files.get('/index.html')!.contentType).toBe('text/html; charset=utf-8');
});
