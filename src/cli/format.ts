import { CliUsageError } from './cli-usage-error.ts';
import type { MemoryRecord } from '../spec/memory-record.ts';
import type { ConsolidationSchedule } from '../layers/consolidation-schedule.ts';
import { parseConsolidationSchedule } from '../layers/nightly-consolidation.ts';

/** One line per memory, for people. */
export function formatMemoryLine(record: MemoryRecord): string {
  const where = record.consolidatedAt === null ? 'STM' : 'LTM';
  const when = new Date(record.timestamp).toISOString().replace('T', ' ').slice(0, 16);
  const tags = record.tags.length > 0 ? ` [${record.tags.join(', ')}]` : '';
  return `${record.id}  ${where}  ${record.type.padEnd(11)} ${record.importance.toFixed(2)}  ${when}  ${record.content}${tags}`;
}

export function formatMemoryList(records: MemoryRecord[]): string {
  return records.length === 0 ? '(no memories)' : records.map(formatMemoryLine).join('\n');
}

/** Parses a JSON option, turning a syntax error into a message that names the option. */
export function parseJsonOption(value: string | undefined, name: string): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new CliUsageError(`--${name} is not valid JSON: ${(error as Error).message}`);
  }
}

export function parseNumberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || Number.isNaN(number)) throw new CliUsageError(`--${name} must be a number, got "${value}"`);
  return number;
}

/** A count (tokens, messages): a whole number from 1 to `max`, or a usage error naming the option. */
export function parsePositiveIntegerOption(value: string | undefined, name: string, max: number): number | undefined {
  const number = parseNumberOption(value, name);
  if (number === undefined) return undefined;
  // Number.isSafeInteger refuses 1.5 and Infinity ("1e309"); the bound keeps a typo from meaning "no limit".
  if (!Number.isSafeInteger(number) || number < 1 || number > max) throw new CliUsageError(`--${name} must be a whole number from 1 to ${max}, got "${value}"`);
  return number;
}

export function parseListOption(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((part) => part.trim()).filter((part) => part.length > 0);
}

/** `--consolidate-at`: an hour in UTC, an interval (30m, 6h) or never; anything else is a usage error. */
export function consolidationOption(value: string): ConsolidationSchedule {
  const schedule = parseConsolidationSchedule(value);
  if (!schedule) throw new CliUsageError(`--consolidate-at must be an hour 0-23 (UTC), an interval such as 30m or 6h (at most 596h), or never; got "${value}"`);
  return schedule;
}
