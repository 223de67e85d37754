import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where each part of the reliability suite leaves its figures for `scripts/reliability-report.ts`. */
export const RESULTS_DIRECTORY = path.join(root, 'test-artifacts', 'reliability');

/** Writes one part's figures (merged with what it wrote before; another part's file is left as it is, so parts can be run alone). */
export function recordResult(part: string, figures: Record<string, unknown>): void {
  fs.mkdirSync(RESULTS_DIRECTORY, { recursive: true });
  const file = path.join(RESULTS_DIRECTORY, `${part}.json`);
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  fs.writeFileSync(file, `${JSON.stringify({ ...previous, ...figures, recordedAt: new Date().toISOString() }, null, 2)}\n`);
}
