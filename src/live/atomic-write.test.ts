import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicMessage } from '../errors/public-message.ts';
import { syncDirectory, writeFileAtomically } from './atomic-write.ts';

// What can be tested of a write meant to survive a power cut, without cutting power: that it still writes, that a
// failure is typed and leaves nothing, and (strace on a real process) that the folder is synced after the rename.

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-write-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The system calls of a process writing `file` through writeFileAtomically, as strace prints them. */
async function tracedWrite(file: string, content: string): Promise<string[]> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'testing', 'processes', 'atomic-write.ts');
  const trace = path.join(dir, 'trace.txt');
  const child = spawn('strace', ['-f', '-qq', '-e', 'trace=openat,fsync,rename,renameat,renameat2,close', '-o', trace, process.execPath, '--import', 'tsx', script, file, content], { stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  expect(code).toBe(0);
  return fs.readFileSync(trace, 'utf8').split('\n');
}

describe('writeFileAtomically', () => {
  it('writes a file and replaces it, leaving no temporary file beside it', () => {
    const file = path.join(dir, 'memory', 'working.json');
    writeFileAtomically(file, '[1]');
    writeFileAtomically(file, '[1,2]');
    expect(fs.readFileSync(file, 'utf8')).toBe('[1,2]');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['working.json']);
  });

  it('syncs the folder after the rename (a real process, traced): until then a power cut may bring the old file back', async () => {
    const folder = path.join(dir, 'mirror');
    const file = path.join(folder, 'index.json');
    const lines = await tracedWrite(file, '{"memories":[]}');
    const renamed = lines.findIndex((line) => /rename\w*\("[^"]*\/\.index\.json\.[^"]*\.tmp", "[^"]*\/index\.json"\) = 0/.test(line));
    expect(renamed, 'the rename over index.json').toBeGreaterThan(-1);
    const pid = lines[renamed]!.split(' ')[0];
    const after = lines.slice(renamed + 1).filter((line) => line.startsWith(`${pid} `));
    const opened = after.map((line) => new RegExp(`openat\\(AT_FDCWD, "${folder}", O_RDONLY[^)]*\\) = (\\d+)`).exec(line)?.[1]).find((fd) => fd !== undefined);
    expect(opened, 'the folder opened after the rename').toBeDefined();
    expect(after.some((line) => line.includes(`fsync(${opened})`) && line.endsWith('= 0'))).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"memories":[]}');
  }, 60_000);

  it('a write that cannot be made is CONFIG_ERROR naming the file, and leaves nothing behind', () => {
    const tooLong = path.join(dir, `${'x'.repeat(300)}.json`);
    let thrown: unknown;
    try {
      writeFileAtomically(tooLong, 'secret text', { agentId: 'ada' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'CONFIG_ERROR', message: expect.stringContaining(tooLong), details: { file: tooLong, agentId: 'ada' } });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('an agent file that cannot be written is named to an HTTP client from the home on', () => {
    const agentRoot = path.join(dir, 'agents', 'ada');
    fs.mkdirSync(path.join(agentRoot, 'memory', 'working.json'), { recursive: true });
    let thrown: unknown;
    try {
      writeFileAtomically(path.join(agentRoot, 'memory', 'working.json'), '[]', { agentId: 'ada' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: 'CONFIG_ERROR' });
    const told = publicMessage(thrown as Parameters<typeof publicMessage>[0]);
    expect(told).toContain('agents/ada/memory/working.json');
    expect(told).not.toContain(dir);
  });
});

describe('syncDirectory', () => {
  it('passes over a file system that cannot sync folders (proc answers EINVAL) and throws where the folder is missing', () => {
    expect(() => syncDirectory('/proc/self')).not.toThrow();
    expect(() => syncDirectory(path.join(dir, 'gone'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
