import fs from 'node:fs';
import path from 'node:path';

/**
 * An append-only JSONL log of what the engine did in one session
 * (`agents/<agent>/sessions/<session>/logs/events.jsonl`): a person can read
 * why a memory was kept or pruned long after the process is gone.
 */
export interface SessionLog {
  readonly file: string;
  append(event: Record<string, unknown>): void;
}

export function createSessionLog(directory: string): SessionLog {
  const file = path.join(directory, 'events.jsonl');
  let prepared = false;
  return {
    file,
    append(event) {
      if (!prepared) {
        fs.mkdirSync(directory, { recursive: true });
        prepared = true;
      }
      fs.appendFileSync(file, `${JSON.stringify(event)}\n`);
    },
  };
}

/** Reads every session's events of one agent, oldest first. */
export function readSessionLogs(agentRoot: string): Record<string, unknown>[] {
  const sessions = path.join(agentRoot, 'sessions');
  if (!fs.existsSync(sessions)) return [];
  const events: Record<string, unknown>[] = [];
  for (const session of fs.readdirSync(sessions)) {
    const file = path.join(sessions, session, 'logs', 'events.jsonl');
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        events.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // A line cut short by a crash is skipped, not fatal.
      }
    }
  }
  return events.sort((left, right) => Number(left.at ?? 0) - Number(right.at ?? 0));
}
