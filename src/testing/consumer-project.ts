import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A project of a user who installed the packed package: an empty folder, the tarball, and npm. The
// install runs offline from the local npm cache (which `npm ci` of this repository filled): the
// consumer's lockfile pins every dependency to the version this repository's lockfile resolved, so npm
// needs no registry metadata — what CI installs is what was tested here.

export const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface LockEntry {
  dev?: boolean;
  link?: boolean;
  [field: string]: unknown;
}

/** `npm pack` of this repository (its prepack builds dist/) into `directory`; the tarball's path. */
export function packPackage(directory: string): string {
  const output = execFileSync('npm', ['pack', '--silent', '--pack-destination', directory], { cwd: REPOSITORY, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const name = output.trim().split('\n').at(-1)!;
  return path.join(directory, name);
}

/**
 * An empty ESM project depending on the tarball, with a lockfile derived from this repository's (runtime
 * packages only). `alsoDepend` names packages of that lockfile the project depends on itself (so
 * `--omit=optional` keeps them), as a user adds sqlite-vec's platform library to a lean install.
 */
export function createConsumerProject(directory: string, tarball: string, alsoDepend: string[] = []): void {
  fs.mkdirSync(directory, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')) as Record<string, Record<string, string> | string>;
  const lock = JSON.parse(fs.readFileSync(path.join(REPOSITORY, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const specifier = `file:${path.relative(directory, tarball)}`;
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { hippocampus: specifier } },
    'node_modules/hippocampus': {
      version: manifest.version,
      resolved: specifier,
      dependencies: manifest.dependencies,
      optionalDependencies: manifest.optionalDependencies,
      peerDependencies: manifest.peerDependencies,
      peerDependenciesMeta: manifest.peerDependenciesMeta,
      bin: manifest.bin,
      engines: manifest.engines,
    },
  };
  for (const [key, entry] of Object.entries(lock.packages)) if (key !== '' && !entry.dev && !entry.link) packages[key] = entry;
  const dependencies: Record<string, string> = { hippocampus: specifier };
  for (const name of alsoDepend) {
    const entry = lock.packages[`node_modules/${name}`];
    if (!entry) throw new Error(`${name} is not in package-lock.json`);
    dependencies[name] = String(entry.version);
    const { optional: _optional, ...required } = entry;
    packages[`node_modules/${name}`] = required;
  }
  (packages[''] as { dependencies: Record<string, string> }).dependencies = dependencies;
  fs.writeFileSync(path.join(directory, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }, null, 2));
  fs.writeFileSync(path.join(directory, 'package-lock.json'), JSON.stringify({ name: 'consumer', lockfileVersion: 3, requires: true, packages }, null, 2));
  // No downloads at install time beyond the npm cache (onnxruntime-node's optional CUDA fetch included).
  fs.copyFileSync(path.join(REPOSITORY, '.npmrc'), path.join(directory, '.npmrc'));
}

/** `npm ci --offline` in the project (with extra flags such as --omit=optional); resolves with the seconds it took. */
export function installOffline(directory: string, flags: string[] = []): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['ci', '--offline', '--no-audit', '--no-fund', ...flags], { cwd: directory, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`npm ci failed in ${directory}:\n${stderr}`))));
  });
}

/** Bytes on disk under a folder (what `du` counts as apparent size). */
export function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(file);
    else if (entry.isFile()) total += fs.statSync(file).size;
  }
  return total;
}
