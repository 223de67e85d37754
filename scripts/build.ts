// `npm run build`: what ships in dist/. The sources import with .ts extensions (tsx and vitest run them
// as they are); tsc rewrites those to .js in the JavaScript, and this script does the same in the
// declarations, copies the worker entry files (.mjs) and the dashboard's built page beside the code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const started = performance.now();
fs.rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

function walk(directory: string, visit: (file: string) => void): void {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) walk(file, visit);
    else visit(file);
  }
}

// Relative specifiers only ('./x.ts', '../y/z.ts'); package names are left alone.
const relativeTs = /(from\s+|import\(\s*)(['"])(\.{1,2}\/[^'"]+)\.ts\2/g;
let declarations = 0;
walk(dist, (file) => {
  if (!file.endsWith('.d.ts')) return;
  const text = fs.readFileSync(file, 'utf8');
  const rewritten = text.replace(relativeTs, (_match, keyword: string, quote: string, specifier: string) => `${keyword}${quote}${specifier}.js${quote}`);
  if (rewritten !== text) {
    fs.writeFileSync(file, rewritten);
    declarations += 1;
  }
});

let entries = 0;
walk(path.join(root, 'src'), (file) => {
  if (!file.endsWith('.mjs')) return;
  const target = path.join(dist, path.relative(path.join(root, 'src'), file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(file, target);
  entries += 1;
});

const dashboard = path.join(root, 'src', 'dashboard', 'dist');
if (!fs.existsSync(path.join(dashboard, 'index.html'))) {
  console.error('src/dashboard/dist is not built: run npm run build:dashboard first');
  process.exit(1);
}
fs.cpSync(dashboard, path.join(dist, 'dashboard', 'dist'), { recursive: true });

console.log(`dist/ built in ${Math.round(performance.now() - started)} ms: ${declarations} declaration files rewritten to .js specifiers, ${entries} worker entries and the dashboard copied`);
