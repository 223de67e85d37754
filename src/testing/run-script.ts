import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts one of the scripts in src/testing/processes in a separate Node process (through tsx). */
export function spawnScript(name: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(here, 'processes', name), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a script to completion and returns its output; rejects on a non-zero exit. */
export function runScript(name: string, args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnScript(name, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${name} exited with ${code}: ${stderr}`))));
  });
}

/**
 * Runs a script that is meant to kill itself (SIGKILL) partway: resolves with the signal it ended by and what it
 * printed (a script that prints "… returned" got past the point it should have died at).
 */
export function runUntilKilled(name: string, args: string[]): Promise<[NodeJS.Signals | null, string]> {
  const child = spawnScript(name, args);
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (_code, signal) => resolve([signal, stdout]));
  });
}
