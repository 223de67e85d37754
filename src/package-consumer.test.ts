import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteVecPlatformPackage } from './stores/sqlite/load-sqlite-vec.ts';
import { createConsumerProject, folderBytes, installOffline, packPackage, REPOSITORY } from './testing/consumer-project.ts';

// The product is what a user installs: this packs the package, installs the tarball into fresh
// projects (offline, from the npm cache) and uses it the way the README says — plain Node, TypeScript
// with two module resolutions, the CLI — then installs again without optional dependencies.

const MB = 1024 * 1024;
let workspace: string;
let project: string;
let lean: string;
const figures: Record<string, number> = {};

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, HIPPOCAMPUS_HOME: path.join(cwd, 'home'), ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The README's library example, exactly as written there. */
function readmeLibrarySnippet(): string {
  const readme = fs.readFileSync(path.join(REPOSITORY, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Library'));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (!match) throw new Error('README.md has no ts block under "## Library"');
  return match[1]!;
}

/** Every entry point of the package (package.json exports, but package.json itself). */
const ENTRIES = Object.keys(JSON.parse(fs.readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')).exports as Record<string, unknown>)
  .filter((key) => key !== './package.json')
  .map((key) => (key === '.' ? 'hippocampus' : `hippocampus/${key.slice(2)}`));
/** Methods the docs name in prose the same way as functions (on the engine, a scheduler, a graph, a skill library). */
const METHODS = new Set(['rememberMany', 'runNow', 'recallRelevant', 'findSkills', 'factsFor', 'asOf']);

/**
 * The names the docs tell users to use: every name in an \`import { … } from 'hippocampus…'\` of a code
 * block (with its entry), and every factory-like name (create…, load…, schedule…, to…Tools, run…) in code
 * — but not one inside quotes, a string or a JSON key (`--grid '[{"graphWeight": 0.2}]'`).
 */
function documentedNames(): { imports: [string, string][]; factories: string[] } {
  const text = ['README.md', ...fs.readdirSync(path.join(REPOSITORY, 'docs')).map((file) => path.join('docs', file))]
    .filter((file) => file.endsWith('.md'))
    .map((file) => fs.readFileSync(path.join(REPOSITORY, file), 'utf8'))
    .join('\n');
  const imports: [string, string][] = [];
  for (const match of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*'(hippocampus(?:\/[a-z/-]+)?)'/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
      if (name && !part.trim().startsWith('type ')) imports.push([match[2]!, name]);
    }
  }
  const code = [...text.matchAll(/\`\`\`[a-z]*\n([\s\S]*?)\`\`\`|\`([^\`\n]+)\`/g)].map((match) => match[1] ?? match[2] ?? '').join('\n');
  const factories = [...new Set([...code.matchAll(/(?<![.\w"'])((?:create|load|schedule|serve|start|resolve|consolidate|to|run|export|import|list|forget|remember|graph|personalized)[A-Z]\w*)/g)].map((match) => match[1]!))].filter(
    (name) => !METHODS.has(name),
  );
  return { imports, factories };
}

beforeAll(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'hippocampus-consumer-'));
  const tarball = packPackage(workspace);
  project = path.join(workspace, 'app');
  lean = path.join(workspace, 'lean-app');
  createConsumerProject(project, tarball);
  // A lean install keeps sqlite-vec's native library by depending on its platform package itself
  // (--omit=optional drops every optional dependency, sqlite-vec's own included): see the README.
  createConsumerProject(lean, tarball, [sqliteVecPlatformPackage()]);
  // Both installs at once: each spends most of its time compiling better-sqlite3 on one core.
  const [full, omitted] = await Promise.all([installOffline(project), installOffline(lean, ['--omit=optional'])]);
  figures.installSeconds = Math.round(full);
  figures.leanInstallSeconds = Math.round(omitted);
  figures.installedMb = Math.round(folderBytes(path.join(project, 'node_modules')) / MB);
  figures.leanInstalledMb = Math.round(folderBytes(path.join(lean, 'node_modules')) / MB);
  console.log(`installed from the tarball: ${figures.installedMb} MB in ${figures.installSeconds} s; with --omit=optional: ${figures.leanInstalledMb} MB in ${figures.leanInstallSeconds} s`);
}, 15 * 60_000);
afterAll(() => fs.rmSync(workspace, { recursive: true, force: true }));

describe('the packed package, installed into an empty project', () => {
  it('ships built JavaScript and no sources, tests or benchmarks', () => {
    const installed = path.join(project, 'node_modules', 'hippocampus');
    expect(fs.existsSync(path.join(installed, 'dist', 'index.js'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'dist', 'index.d.ts'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'dist', 'dashboard', 'dist', 'index.html'))).toBe(true);
    expect(fs.existsSync(path.join(installed, 'src'))).toBe(false);
    expect(fs.existsSync(path.join(installed, 'bench'))).toBe(false);
    const files: string[] = [];
    const walk = (folder: string) => fs.readdirSync(folder, { withFileTypes: true }).forEach((entry) => (entry.isDirectory() ? walk(path.join(folder, entry.name)) : files.push(entry.name)));
    walk(installed);
    expect(files.filter((name) => /\.test\.|\.reliability\./.test(name))).toEqual([]);
    expect(fs.existsSync(path.join(project, 'node_modules', 'tsx'))).toBe(false);
    expect(fs.existsSync(path.join(project, 'node_modules', '@huggingface'))).toBe(false);
  });

  it('default install stays within 420 MB; without optional dependencies within 120 MB', () => {
    expect(figures.installedMb).toBeLessThanOrEqual(420);
    expect(figures.leanInstalledMb).toBeLessThanOrEqual(120);
  });

  it("runs the README's library example unchanged with plain node", () => {
    fs.writeFileSync(path.join(project, 'readme-example.mjs'), readmeLibrarySnippet());
    const result = run(process.execPath, ['readme-example.mjs'], project);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Deploy failed: migration locked the users table');
  });

  it('imports every subpath, and the worker threads start from dist/', () => {
    fs.writeFileSync(
      path.join(project, 'subpaths.mjs'),
      `import { createHippocampus, toOpenAITools, createHippoTools, forgetByDescription, rememberFacts } from 'hippocampus';
import { toAiSdkTools } from 'hippocampus/tools';
import { createLiveWatcher, createStoredMessagesSource, loadCoreMemories, exportMirror, listArchivalCandidates } from 'hippocampus/live';
import { createKnowledgeGraph, createSkillLibrary, createQueryRouter, scheduleWorkingConsolidation, consolidateWorkingMemory } from 'hippocampus/layers';
for (const value of [toOpenAITools, createHippoTools, forgetByDescription, rememberFacts, toAiSdkTools, createLiveWatcher, loadCoreMemories, exportMirror, listArchivalCandidates, createKnowledgeGraph, createSkillLibrary, createQueryRouter, scheduleWorkingConsolidation, consolidateWorkingMemory]) {
  if (typeof value !== 'function') throw new Error('not a function');
}
const memory = await createHippocampus({ agentId: 'bulk', embedder: null });
await memory.rememberMany(Array.from({ length: 2100 }, (_, index) => ({ type: 'observation', content: 'note ' + index + ' about the harbour' })), { longTerm: true });
await memory.maintain(); // builds the keyword postings in a worker thread (2,000+ memories)
console.log((await memory.recallByKeywords(['harbour'], { limit: 3 })).length);
await memory.stop();
// Forgetting by description reads its WordNet table from dist/ (src/forget/wordnet-contrasts-table.ts): the
// only memory naming Fenna says "won" where the request says "lost", so it is offered, not deleted.
const niece = await createHippocampus({ agentId: 'niece', embedder: null });
await niece.rememberMany([{ type: 'observation', content: 'My niece Fenna won a swimming medal' }], { longTerm: true });
const unsure = await forgetByDescription(niece, 'that Fenna lost the swimming race');
console.log(unsure.deleted.length + ' ' + unsure.candidates.map((candidate) => candidate.why).join());
await niece.stop();
// The store's own messages table, watched through the backend's conversations capability.
const chat = await createHippocampus({ agentId: 'chat', embedder: null });
const table = { table: 'messages' };
await chat.backend.conversations.createTable({ agentId: 'chat' }, table);
await chat.backend.conversations.appendMessages({ agentId: 'chat' }, { ...table, messages: [{ role: 'user', content: 'My sister Ana lives in Lisbon and teaches piano.', createdAt: Date.UTC(2026, 0, 2) }] });
const [report] = await createLiveWatcher({ memory: chat, source: createStoredMessagesSource({ memory: chat, ...table }) }).runOnce();
console.log(report.created.length > 0 ? 'watched' : 'nothing watched');
await chat.stop();
// Searches on read workers (the README's --read-workers): threads started from dist/ open the agent
// through the backend's read-replica module.
const read = await createHippocampus({ agentId: 'bulk', embedder: null, readWorkers: 1 });
console.log((await read.recallRelevant('harbour', { mode: 'keyword', limit: 2, recordAccess: false })).length);
await read.stop();
`,
    );
    const result = run(process.execPath, ['subpaths.mjs'], project);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n')).toEqual(['3', '0 the only memory naming fenna; but it says "won" where the description says "lost" (the opposite)', 'watched', '2']);
  });

  it('require()s every entry from CommonJS, as the README says Node ≥ 20.19 can', () => {
    fs.writeFileSync(
      path.join(project, 'require-entries.cjs'),
      `const entries = ${JSON.stringify(ENTRIES)};
for (const entry of entries) if (Object.keys(require(entry)).length === 0) throw new Error(entry + ' exports nothing');
const { createHippocampus } = require('hippocampus');
createHippocampus({ agentId: 'cjs', embedder: null }).then(async (memory) => {
  await memory.remember({ type: 'decision', content: 'CommonJS callers ship too' });
  console.log((await memory.recall({})).map((record) => record.content).join());
  await memory.stop();
});
`,
    );
    const result = run(process.execPath, ['require-entries.cjs'], project);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('CommonJS callers ship too');
  });

  it('exports every name the README and docs/ use', () => {
    const names = documentedNames();
    expect(names.imports.length + names.factories.length).toBeGreaterThan(10);
    fs.writeFileSync(
      path.join(project, 'surface.mjs'),
      `const entries = ${JSON.stringify(ENTRIES)};
const modules = Object.fromEntries(await Promise.all(entries.map(async (entry) => [entry, await import(entry)])));
const { imports, factories } = ${JSON.stringify(names)};
const missing = [];
for (const [entry, name] of imports) if (!(name in modules[entry])) missing.push(entry + ' ' + name);
for (const name of factories) if (!entries.some((entry) => name in modules[entry])) missing.push('(any entry) ' + name);
console.log(JSON.stringify(missing));
`,
    );
    const result = run(process.execPath, ['surface.mjs'], project);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([]);
  });

  it.each(['nodenext', 'bundler'])('type-checks a TypeScript consumer with moduleResolution %s, its libraries checked too (no skipLibCheck)', (resolution) => {
    const folder = path.join(project, `ts-${resolution}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: resolution === 'bundler' ? 'esnext' : 'nodenext', moduleResolution: resolution, target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: ['node'], typeRoots: [path.join(REPOSITORY, 'node_modules', '@types')] },
        include: ['*.ts'],
      }),
    );
    fs.writeFileSync(
      path.join(folder, 'agent.ts'),
      `import { createHippocampus, createHippoTools, toOpenAITools, type RecallResult } from 'hippocampus';
import { toAnthropicTools } from 'hippocampus/tools';
import { createPostgresBackend } from 'hippocampus/stores/postgres';

// Its declarations name pg's types (a caller may pass its own pg.Pool): they come with the package.
const postgresOptions: Parameters<typeof createPostgresBackend>[0] = { connectionString: 'postgres://127.0.0.1:5432/memories', vectors: 'auto' };
const memory = await createHippocampus({ agentId: 'typed', embedder: null });
await memory.remember({ type: 'decision', content: 'Ship on Fridays', importance: 0.9 });
const results: RecallResult[] = await memory.recallRelevant('when do we ship?', { limit: 3 });
const total: number = results.length;
const tools = createHippoTools({ memory });
const openai = toOpenAITools(tools);
const anthropic = toAnthropicTools(tools);
const name: string = openai[0]!.function.name + anthropic[0]!.name + total + postgresOptions.vectors;
// The types are real, not any: a memory type that does not exist is an error.
// @ts-expect-error
await memory.remember({ type: 'dream', content: 'x' });
await memory.stop();
export { name };
`,
    );
    const result = run(process.execPath, [path.join(REPOSITORY, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], folder);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('the CLI answers --version and remembers and recalls through npx', () => {
    const version = run('npx', ['--offline', 'hippocampus', '--version'], project);
    expect(version.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')).version);
    const remember = run('npx', ['--offline', 'hippocampus', '--agent', 'cli', 'remember', 'The staging database lives on port 5433', '--type', 'decision', '--importance', '0.9'], project);
    expect(remember.status).toBe(0);
    const recall = run('npx', ['--offline', 'hippocampus', '--agent', 'cli', 'recall'], project);
    expect(recall.status).toBe(0);
    expect(recall.stdout).toContain('port 5433');
  });

  it("the README's quick start: npx hippocampus demo runs from the installed package", () => {
    const demo = run('npx', ['--offline', 'hippocampus', 'demo'], project);
    expect(demo.status, demo.stderr).toBe(0);
    expect(demo.stdout).toContain('Remembered (long-term, most important first)');
    expect(demo.stdout).toMatch(/Pruned, and why[\s\S]*Recall by task BILL-42: \d+ memories/);
  });

  it('serve answers the dashboard, /version and /openapi.json from dist/, and mcp serves the tools over stdio', async () => {
    const binary = path.join(project, 'node_modules', 'hippocampus', 'bin', 'hippocampus.js');
    const env = { ...process.env, HIPPOCAMPUS_HOME: path.join(project, 'home'), HIPPOCAMPUS_TOKEN: '' };
    const server = spawn(process.execPath, [binary, 'serve', '--port', '0', '--keyword-only'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let printed = '';
        server.stdout.on('data', (chunk: Buffer) => {
          printed += chunk.toString();
          const match = /http:\/\/127\.0\.0\.1:\d+/.exec(printed);
          if (match) resolve(match[0]);
        });
        server.on('close', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const page = await fetch(`${url}/`);
      expect(page.headers.get('content-type')).toContain('text/html');
      const script = /src="\.?(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
      expect(script, 'the dashboard page names its script').toBeDefined();
      expect((await fetch(`${url}${script}`)).status).toBe(200);
      expect(await (await fetch(`${url}/version`)).json()).toEqual({ name: 'hippocampus', version: JSON.parse(fs.readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')).version });
      expect(((await (await fetch(`${url}/openapi.json`)).json()) as { paths: Record<string, unknown> }).paths).toHaveProperty(['/agents/{agent}/search']);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.on('close', resolve));
    }
    const client = new Client({ name: 'consumer', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [binary, 'mcp', '--agent', 'tools', '--embedder', 'none'], cwd: project, env, stderr: 'ignore' }));
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('forget_memory');
      const stored = await client.callTool({ name: 'store_memory', arguments: { content: 'The staging database lives on port 5433', type: 'decision' } });
      expect(stored.isError).toBeFalsy();
      const recalled = await client.callTool({ name: 'recall_memories', arguments: { query: 'staging database port' } });
      expect(JSON.stringify(recalled.content)).toContain('port 5433');
    } finally {
      await client.close();
    }
  });

  it('without optional dependencies it still works end to end on the WASM runtime, and says so once', () => {
    expect(fs.existsSync(path.join(lean, 'node_modules', 'onnxruntime-node'))).toBe(false);
    fs.writeFileSync(path.join(lean, 'readme-example.mjs'), readmeLibrarySnippet());
    const result = run(process.execPath, ['readme-example.mjs'], lean);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Deploy failed: migration locked the users table');
    expect(result.stderr.match(/tfjs WASM/g)).toHaveLength(1);
  });
});
