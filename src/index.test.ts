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

describe('a layer given something other than an opened engine', () => {
  it('says so with CONFIG_ERROR (a forgotten await names the Promise), never a TypeError from inside', async () => {
    const { createHippocampus, createHippoTools, createMcpServer, forgetByDescription, rememberFacts, createOfflineFactExtractor } = await import('./index.ts');
    const { createKnowledgeGraph, createQueryRouter, consolidateWorkingMemory, scheduleWorkingConsolidation, createInProcessWorkingMemory } = await import('./layers/index.ts');
    const { createLiveWatcher, createTranscriptSource, loadCoreMemories, listArchivalCandidates } = await import('./live/index.ts');
    const { createTempHome } = await import('./testing/temp-home.ts');
    const home = createTempHome();
    const pending = createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    try {
      type Memory = Awaited<typeof pending>;
      const notAnEngine = pending as unknown as Memory;
      const source = createTranscriptSource({ file: `${home.home}/chat.jsonl` });
      const attempts: [string, () => unknown][] = [
        ['createHippoTools', () => createHippoTools({ memory: notAnEngine })],
        ['createMcpServer', () => createMcpServer({ memory: notAnEngine })],
        ['createKnowledgeGraph', () => createKnowledgeGraph({ memory: notAnEngine })],
        ['createLiveWatcher', () => createLiveWatcher({ memory: notAnEngine, source })],
        ['loadCoreMemories', () => loadCoreMemories(notAnEngine)],
        ['createHippoTools', () => createHippoTools({} as never)],
        // These threw a TypeError from inside (a probe, 2026-11-27).
        ['forgetByDescription', () => forgetByDescription(notAnEngine, 'my old address')],
        ['rememberFacts', () => rememberFacts({ memory: notAnEngine } as never, 'I live in Porto')],
        ['rememberFacts', () => rememberFacts(notAnEngine as never, 'I live in Porto')],
        ['listArchivalCandidates', () => listArchivalCandidates(notAnEngine)],
        ['createQueryRouter', () => createQueryRouter({ memory: notAnEngine } as never)],
        ['consolidateWorkingMemory', () => consolidateWorkingMemory({ memory: notAnEngine, working: createInProcessWorkingMemory() })],
        ['scheduleWorkingConsolidation', () => scheduleWorkingConsolidation({ memory: notAnEngine, working: createInProcessWorkingMemory() })],
      ];
      for (const [name, attempt] of attempts) {
        await expect(Promise.resolve().then(attempt), name).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining(`${name} needs an opened engine`) });
      }
      await expect(Promise.resolve().then(() => createHippoTools({ memory: notAnEngine }))).rejects.toMatchObject({ message: expect.stringContaining('a Promise') });
      const memory = await pending;
      await expect(Promise.resolve().then(() => createLiveWatcher({ memory, source: undefined as never }))).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('source') });
      await expect(Promise.resolve().then(() => rememberFacts({ memory, extractor: createOfflineFactExtractor() } as never, 'I live in Porto'))).rejects.toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining('classifier') });
    } finally {
      await (await pending).stop();
      home.cleanup();
    }
  });
});
