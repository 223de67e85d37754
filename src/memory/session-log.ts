import fs from 'node:fs';
import path from 'node:path';
import { makeDirectory } from '../config/make-directory.ts';

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
        makeDirectory(directory);
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

/** Fields older versions wrote into the log that carry a memory's text. */
const CONTENT_FIELDS = ['preview', 'content'];

/**
 * Each log found to hold no content field, by path: which file it was (inode and birth time: a file made anew may
 * get the inode of one removed) and how many bytes of it were read. The engine's own
 * deletes scrub the logs too (a remember whose ring eviction discards a memory), and read every log of the agent
 * whole each time, the session's own growing with each event; what was read clean is not read again, only what was
 * appended since (this version's lines, which hold no content: checked all the same).
 */
const cleanLogs = new Map<string, { file: string; bytes: number }>();

/** Whether the log may hold a content field: what was not yet read clean of it is read and looked at. */
function mayHoldContent(file: string): boolean {
  const stat = fs.statSync(file, { bigint: true });
  const identity = `${stat.ino}:${stat.birthtimeNs}`;
  const known = cleanLogs.get(file);
  const from = known !== undefined && known.file === identity && Number(stat.size) >= known.bytes ? known.bytes : 0;
  if (from > 0 && Number(stat.size) === from) return false;
  const descriptor = fs.openSync(file, 'r');
  let bytes: Buffer;
  try {
    bytes = Buffer.alloc(Number(stat.size) - from);
    const read = fs.readSync(descriptor, bytes, 0, bytes.length, from);
    bytes = bytes.subarray(0, read);
  } finally {
    fs.closeSync(descriptor);
  }
  const text = bytes.toString('utf8');
  const holds = CONTENT_FIELDS.some((field) => text.includes(`"${field}"`));
  if (holds) cleanLogs.delete(file);
  else cleanLogs.set(file, { file: identity, bytes: from + bytes.length });
  return holds;
}

/**
 * Rewrites every session log of an agent without the content fields older
 * versions wrote (a 48-character `preview` of each pruned memory), each file
 * replaced atomically. Run at every forget, so logs written before this
 * version lose their text the first time anything is forgotten; files that
 * hold no such field are not touched. Returns the files rewritten.
 *
 * @example
 * scrubSessionLogs('/home/me/.hippocampus/agents/ada'); // ['…/sessions/s-01…/logs/events.jsonl']
 */
export function scrubSessionLogs(agentRoot: string): string[] {
  const sessions = path.join(agentRoot, 'sessions');
  if (!fs.existsSync(sessions)) return [];
  const rewritten: string[] = [];
  for (const session of fs.readdirSync(sessions)) {
    const file = path.join(sessions, session, 'logs', 'events.jsonl');
    if (!fs.existsSync(file)) continue;
    if (!mayHoldContent(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const lines = text.split('\n').map((line) => {
      if (line.trim() === '') return line;
      try {
        const event = JSON.parse(line) as Record<string, unknown>;
        for (const field of CONTENT_FIELDS) delete event[field];
        return JSON.stringify(event);
      } catch {
        return ''; // a line cut short by a crash may hold a piece of text: dropped
      }
    });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, lines.filter((line, index) => line !== '' || index === lines.length - 1).join('\n'));
    fs.renameSync(temporary, file);
    rewritten.push(file);
  }
  return rewritten;
}
