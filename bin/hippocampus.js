#!/usr/bin/env node
// A source checkout (src/ beside bin/) runs the TypeScript through tsx, so there is no build step between
// a change and the CLI. The published package ships only dist/ and runs it with plain Node.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import('../dist/cli/main.js'));
}
process.exitCode = await main(process.argv);
