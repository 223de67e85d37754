import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The CLI as users run it (`bin/hippocampus.js`). */
export const HIPPOCAMPUS_BINARY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/hippocampus.js');

/**
 * Starts `hippocampus <args>` (serve, mcp --http) as a real process, waits for the loopback URL it
 * prints, runs `use` with it (and what the server wrote to stderr and stdout so far), then stops it with SIGTERM.
 *
 * @example
 * await withCliServer(['serve', '--home', home, '--port', '0'], {}, async (url) => expect((await fetch(`${url}/agents`)).status).toBe(200));
 */
export async function withCliServer(args: string[], env: Record<string, string>, use: (url: string, stderr: () => string, stdout: () => string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [HIPPOCAMPUS_BINARY, ...args], { env: { ...process.env, HIPPOCAMPUS_TOKEN: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+(?:\/mcp)?)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.on('close', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  try {
    await use(url, () => stderr, () => stdout);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('close', resolve));
  }
}

/**
 * Runs the CLI in this process with these leading arguments (e.g. `--home`, `--store`, `--json`),
 * collecting what it prints: the in-process twin of running `bin/hippocampus.js`.
 *
 * @example
 * const cli = cliWith(['--home', home, '--json']);
 * const { code, stdout } = await cli('--agent', 'ada', 'recall');
 */
export function cliWith(leading: string[]): (...args: string[]) => Promise<{ code: number; stdout: string; stderr: string }> {
  return async (...args) => {
    const { main } = await import('../cli/main.ts');
    let stdout = '';
    let stderr = '';
    const code = await main(['node', 'hippocampus', ...leading, ...args], { stdout: (text) => (stdout += `${text}\n`), stderr: (text) => (stderr += `${text}\n`) });
    return { code, stdout, stderr };
  };
}
