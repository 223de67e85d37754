import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../mcp/create-mcp-server.ts';
import { serveMcpHttp } from '../../mcp/serve-mcp-http.ts';
import { createHippocampus } from '../../memory/hippocampus.ts';
import { startServer } from '../../server/serve.ts';
import { HIPPOCAMPUS_BINARY as binary, cliWith, withCliServer as withServer } from '../../testing/cli-server.ts';
import { createTempHome } from '../../testing/temp-home.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

describe('serve searches on a read worker by default', () => {
  it('says where searches run, and a search written before it answers from the worker as with none', async () => {
    const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    await memory.rememberMany([{ type: 'decision', content: 'We chose PostgreSQL for the billing service' }, { type: 'chat', content: 'The weather in Lisbon was lovely' }], { longTerm: true });
    await memory.stop();
    const answers: unknown[] = [];
    for (const [extra, said] of [[[], 'searches on 1 read worker'], [['--read-workers', '0'], 'searches on the server thread']] as const) {
      await withServer(['serve', '--home', home.home, '--port', '0', '--keyword-only', ...extra], {}, async (url, _stderr, stdout) => {
        expect(stdout()).toContain(said);
        const response = await fetch(`${url}/agents/ada/search`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'billing database', limit: 5 }) });
        expect(response.status).toBe(200);
        answers.push(((await response.json()) as { results: { memory: { content: string } }[] }).results.map((hit) => hit.memory.content));
      });
    }
    expect(answers[0]).toEqual(['We chose PostgreSQL for the billing service']);
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe('server tokens stay off the command line', () => {
  it('serve --token-file: the token comes from the file, and requests without it are refused', async () => {
    const tokenFile = path.join(home.home, 'token');
    fs.writeFileSync(tokenFile, 'file-secret-42\n');
    await withServer(['serve', '--home', home.home, '--port', '0', '--keyword-only', '--token-file', tokenFile], {}, async (url) => {
      expect((await fetch(`${url}/agents`)).status).toBe(401);
      expect((await fetch(`${url}/agents`, { headers: { Authorization: 'Bearer file-secret-42' } })).status).toBe(200);
    });
  });

  it('serve takes HIPPOCAMPUS_TOKEN from the environment', async () => {
    await withServer(['serve', '--home', home.home, '--port', '0', '--keyword-only'], { HIPPOCAMPUS_TOKEN: 'env-secret' }, async (url) => {
      expect((await fetch(`${url}/agents`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await fetch(`${url}/agents`, { headers: { Authorization: 'Bearer env-secret' } })).status).toBe(200);
    });
  });

  it('mcp --http --token still works but warns that ps shows it; --token-file does not warn', async () => {
    await withServer(['mcp', '--http', '--home', home.home, '--agent', 'ada', '--embedder', 'none', '--token', 'argv-secret'], {}, async (url, stderr) => {
      expect(stderr()).toContain('--token puts the secret on the command line');
      expect((await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(401);
    });
    const tokenFile = path.join(home.home, 'mcp-token');
    fs.writeFileSync(tokenFile, 'mcp-file-secret');
    await withServer(['mcp', '--http', '--home', home.home, '--agent', 'ada', '--embedder', 'none', '--token-file', tokenFile], {}, async (url, stderr) => {
      expect(stderr()).not.toContain('--token puts');
      expect((await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer nope' }, body: '{}' })).status).toBe(401);
    });
  });

  it('a missing or empty token file is a one-line CONFIG_ERROR, and nothing is served', async () => {
    const empty = path.join(home.home, 'empty');
    fs.writeFileSync(empty, '\n');
    for (const file of [path.join(home.home, 'absent'), empty]) {
      const child = spawn(process.execPath, [binary, 'serve', '--home', home.home, '--port', '0', '--keyword-only', '--token-file', file], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(code).not.toBe(0);
      expect(stderr).toMatch(/token file/);
    }
  });
});

describe('a server that cannot listen says why, as a typed error', () => {
  const cli = () => cliWith(['--home', home.home, '--json']);
  const errorOf = (stderr: string) => (JSON.parse(stderr) as { error: { code: string; message: string } }).error;

  it('a port outside 0-65535 is a usage error (exit 2) for serve and mcp --http, before anything listens', async () => {
    for (const args of [
      ['serve', '--keyword-only', '--port', '70000'],
      ['serve', '--keyword-only', '--port', '-1'],
      ['serve', '--keyword-only', '--port', '80.5'],
      ['--agent', 'ada', 'mcp', '--http', '--embedder', 'none', '--port', '65536'],
    ]) {
      const { code, stderr } = await cli()(...args);
      expect(errorOf(stderr), args.join(' ')).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/port/) });
      expect(code).toBe(2);
    }
  });

  it('a port another process holds is a CONFIG_ERROR naming the address, not an internal error', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      for (const args of [
        ['serve', '--keyword-only', '--port', String(port)],
        ['--agent', 'ada', 'mcp', '--http', '--embedder', 'none', '--port', String(port)],
      ]) {
        const { code, stderr } = await cli()(...args);
        expect(errorOf(stderr), args.join(' ')).toEqual({ code: 'CONFIG_ERROR', message: expect.stringContaining(`127.0.0.1:${port} is already in use`) });
        expect(code).toBe(1);
      }
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('startServer and serveMcpHttp refuse such a port with a HippocampusError too', async () => {
    await expect(startServer({ home: home.home, embedder: null, port: 70_000 })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    const memory = await createHippocampus({ home: home.home, agentId: 'ada', embedder: null });
    try {
      await expect(serveMcpHttp({ createServer: () => createMcpServer({ memory }), port: -5 })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      await memory.stop();
    }
  });
});
