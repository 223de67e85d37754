import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempHome } from '../testing/temp-home.ts';
import { scrubSessionLogs } from './session-log.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

const clean = (id: string) => `${JSON.stringify({ at: 1, event: 'pruned', id, type: 'chat', importance: 0.1, reason: 'expired' })}\n`;
const older = (id: string, preview: string) => `${JSON.stringify({ at: 2, event: 'pruned', id, type: 'chat', importance: 0.1, reason: 'weak', preview })}\n`;

describe('scrubSessionLogs reads again only what was not read clean', () => {
  it('a preview appended to a log already read clean, or written into a log replaced since, is still taken out', async () => {
    const agentRoot = path.join(home.home, 'agents', 'ada');
    const logs = path.join(agentRoot, 'sessions', 's-1', 'logs');
    fs.mkdirSync(logs, { recursive: true });
    const file = path.join(logs, 'events.jsonl');
    fs.writeFileSync(file, clean('a') + clean('b'));
    expect(scrubSessionLogs(agentRoot)).toEqual([]);
    expect(scrubSessionLogs(agentRoot)).toEqual([]);
    // Appended in place (same file): only the new bytes need reading, and they hold a preview.
    fs.appendFileSync(file, older('c', 'the vault opens with 4471'));
    expect(scrubSessionLogs(agentRoot)).toEqual([file]);
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/vault|preview/);
    expect(fs.readFileSync(file, 'utf8')).toContain('"id":"c"');
    // Replaced by another file, shorter than what was read: read whole again.
    expect(scrubSessionLogs(agentRoot)).toEqual([]);
    fs.rmSync(file);
    fs.writeFileSync(file, older('d', 'pin 9090'));
    expect(scrubSessionLogs(agentRoot)).toEqual([file]);
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/9090|preview/);
  });
});
