import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the package entry', () => {
  it('exposes the engine and never loads the optional backends', () => {
    // A fresh process, so modules other tests loaded do not count.
    const script = `
      const api = await import('./src/index.ts');
      const loaded = Object.keys(await import('node:module').then((m) => m.default._cache ?? {}));
      console.log(JSON.stringify({ engine: typeof api.createHippocampus, tools: typeof api.createHippoTools, ioredis: loaded.some((file) => file.includes('/ioredis/')), pg: loaded.some((file) => file.includes('/node_modules/pg/')), onnx: loaded.some((file) => file.includes('onnxruntime')) }));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toEqual({ engine: 'function', tools: 'function', ioredis: false, pg: false, onnx: false });
  });

  it('loads pg only through its own subpath (the check above can see it)', () => {
    const script = `
      const postgres = await import('./src/stores/postgres/index.ts');
      const loaded = Object.keys(await import('node:module').then((m) => m.default._cache ?? {}));
      console.log(JSON.stringify({ factory: typeof postgres.createPostgresBackend, pg: loaded.some((file) => file.includes('/node_modules/pg/')) }));`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toEqual({ factory: 'function', pg: true });
  });
});
