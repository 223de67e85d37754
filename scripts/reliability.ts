// `npm run test:reliability`: runs the standing reliability suite (vitest.reliability.config.ts), then
// writes what each part recorded into docs/reliability.md with the command and the machine it ran on.
// The document is written even when a part fails, so a failing figure is on record too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULTS_DIRECTORY } from '../src/testing/reliability/reliability-results.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extra = process.argv.slice(2);
const started = Date.now();
const run = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.reliability.config.ts', ...extra], { cwd: root, stdio: 'inherit' });
const minutes = Math.round((Date.now() - started) / 6000) / 10;

const read = (part: string): Record<string, unknown> | null => {
  const file = path.join(RESULTS_DIRECTORY, `${part}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
};
const figure = (value: unknown) => (value === undefined || value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));
const table = (rows: [string, unknown, string][]) => ['| measure | result | target |', '|---|---|---|', ...rows.map(([name, value, target]) => `| ${name} | ${figure(value)} | ${target} |`)].join('\n');
const section = (title: string, part: string, rows: (result: Record<string, unknown>) => [string, unknown, string][]) => {
  const result = read(part);
  return `## ${title}\n\n${result ? `${table(rows(result))}\n\nRecorded ${figure(result.recordedAt)}.` : '_Not run, or it stopped before recording (see the run output)._'}\n`;
};

const kill = section('kill -9 mid-write, mid-consolidation, mid-forget', 'kill-trials', (r) => [
  ['trials (write / consolidate / forget)', r.byMode, '100'],
  ['killed while still working', r.killedMidOperation, 'all forget trials; writers never finish'],
  ['acknowledged writes', r.acknowledgedWrites, ''],
  ['acknowledged forgets', r.acknowledgedForgets, ''],
  ['acknowledged writes lost', r.lostWrites, '0'],
  ['forgotten rows resurrected', r.resurrected, '0'],
  ['failed integrity checks (SQLite + FTS5)', r.integrityFailures, '0'],
]);
const concurrent = section('4 processes × 1,000 writes + 1 reader on one agent', 'concurrent-processes', (r) => [
  ['acknowledged writes', r.acknowledged, '4,000'],
  ['rows after', r.rows, '4,000'],
  ['missing / duplicated', `${figure(r.missing)} / ${figure(r.duplicates)}`, '0 / 0'],
  ['reader: reads, errors, count decreases', `${figure(r.readerReads)}, ${figure(r.readerErrors)}, ${figure(r.readerCountDecreases)}`, 'errors 0, decreases 0'],
  ['integrity problems', r.integrityProblems, '0'],
  ['writes/s (all four together)', r.writesPerSecond, ''],
]);
const tools = section('10,000 fuzzed tool calls', 'fuzz-tools', (r) => [
  ['calls (ok / refused)', `${figure(r.calls)} (${figure(r.ok)} / ${figure(r.refused)})`, ''],
  ['crashes (a throw instead of a result)', r.crashes, '0'],
  ['untyped errors', r.untyped, '0'],
  ['partial writes (a refused call that changed the database)', r.partialWrites, '0'],
]);
const http = section('2,000 fuzzed HTTP requests', 'fuzz-http', (r) => [
  ['requests (ok / refused)', `${figure(r.requests)} (${figure(r.ok)} / ${figure(r.refused)})`, ''],
  ['5xx responses', r.serverErrors, '0'],
  ['untyped errors', r.untyped, '0'],
  ['partial writes', r.partialWrites, '0'],
  ['server answers /health after', r.aliveAfter, 'true'],
]);
const attacks = section('Browser attack paths', 'browser-attacks', (r) => [
  ['attack requests', r.cases, ''],
  ['refused', r.refused, 'all'],
  ['that changed data', r.changedData, '0'],
]);
const soakRows = (r: Record<string, unknown>): [string, unknown, string][] => [
  ['minutes (warm-up)', `${figure(r.minutes)} (${figure(r.warmUpMinutes)})`, '60'],
  ['operations / errors', `${figure(r.operations)} / ${figure(r.errors)}`, 'errors 0'],
  ['RSS after warm-up → end (MB)', `${figure(r.rssAfterWarmUpMb)} → ${figure(r.rssEndMb)}`, ''],
  ['drift after warm-up', `${figure(r.driftPercent)} %`, '< 10 %'],
  ['code', r.commit ?? 'the commit this file was written with', ''],
];
/** A soak's section with its minute-by-minute samples; `part` is the file its figures are in. */
const soakSection = (title: string, part: string) => {
  const result = read(part);
  const samples = result && Array.isArray(result.samples)
    ? `\nMinute by minute (RSS / heap used / external / array buffers, MB; memories held):\n\n| minute | RSS | heap | external | buffers | memories | operations |\n|---|---|---|---|---|---|---|\n${(result.samples as Record<string, number>[]).map((s) => `| ${s.minute} | ${s.rssMb} | ${s.heapUsedMb} | ${s.externalMb} | ${s.arrayBuffersMb} | ${s.memories} | ${s.operations} |`).join('\n')}\n`
    : '';
  return `${section(title, part, soakRows)}${samples}`;
};
const soak = soakSection('Soak: steady mixed load, memory sampled every minute', 'soak');
// Further soaks (RELIABILITY_SOAK_PART=soak-…): a shorter or longer one on newer code, each with its commit.
const furtherSoaks = (fs.existsSync(RESULTS_DIRECTORY) ? fs.readdirSync(RESULTS_DIRECTORY) : [])
  .filter((file) => file.startsWith('soak-') && file.endsWith('.json'))
  .sort()
  .map((file) => file.slice(0, -'.json'.length))
  .map((part) => `\n${soakSection(`Soak (${part})`, part)}`)
  .join('');

const document = `# Reliability

The standing reliability suite: what it checks, and the figures of its last full run.
It is not part of \`npm test\` (it takes over an hour); run it with

\`\`\`sh
npm run test:reliability                                  # everything, 60-minute soak
RELIABILITY_SOAK_MINUTES=5 npm run test:reliability       # a shorter soak
\`\`\`

This file is written by that command (\`scripts/reliability.ts\`) from what each part records in
\`test-artifacts/reliability/\`. Parts can be run alone (\`npm run test:reliability -- soak\` passes a file
filter to vitest); each section says when its figures were recorded. Every part runs real processes, real SQLite files and a real HTTP socket
on 127.0.0.1; the kill trials use \`SIGKILL\`, not a simulated crash.

Last run: ${new Date().toISOString()}, ${minutes} minutes, exit code ${run.status}, on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.

${kill}
${concurrent}
${tools}
${http}
${attacks}
${soak}${furtherSoaks}`;
fs.writeFileSync(path.join(root, 'docs', 'reliability.md'), document);
console.log(`docs/reliability.md written (vitest exit ${run.status})`);
process.exit(run.status ?? 1);
