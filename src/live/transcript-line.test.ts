import { describe, expect, it } from 'vitest';
import { parseTranscriptLine } from './transcript-line.ts';

const timestampOf = (timestamp: unknown) => {
  const parsed = parseTranscriptLine(JSON.stringify({ role: 'user', content: 'x', timestamp }), 'line-1');
  return parsed.ok ? parsed.message?.timestamp : parsed.problem;
};

describe('transcript line timestamps', () => {
  it('rounds fractional milliseconds (Python time.time() * 1000) to the instant they name', () => {
    expect(timestampOf(1_764_000_000_000.5)).toBe(1_764_000_000_001);
    expect(timestampOf(1_764_000_000_000.25)).toBe(1_764_000_000_000);
  });

  it('reads a number below 1e11 as seconds, fractional ones too, but never a date string', () => {
    expect(timestampOf(1_764_000_000)).toBe(1_764_000_000_000);
    expect(timestampOf(1_764_000_000.123)).toBe(1_764_000_000_123);
    expect(timestampOf('1972-06-01T00:00:00Z')).toBe(Date.UTC(1972, 5, 1));
    expect(timestampOf('1970-01-02')).toBe(Date.UTC(1970, 0, 2));
  });

  it('refuses a timestamp the engine cannot store, saying why', () => {
    expect(timestampOf(1e16)).toMatch(/^timestamp: 10000000000000000 is past the last date/);
    expect(timestampOf('0001-01-01')).toMatch(/^timestamp: "0001-01-01" is before 1970-01-01/);
    expect(timestampOf('1969-07-20T20:17:00Z')).toMatch(/before 1970-01-01/);
    expect(timestampOf('yesterday')).toMatch(/is not a date/);
    expect(timestampOf(8.64e15)).toBe(8.64e15);
  });
});

describe('transcript line speakers', () => {
  const roleOf = (line: Record<string, unknown>) => {
    const parsed = parseTranscriptLine(JSON.stringify({ content: 'x', timestamp: 1, ...line }), 'line-1');
    return parsed.ok ? parsed.message?.role : parsed.problem;
  };

  it('reads a speaker named as a documented role, in any letter case, as that role: "System" is not a person telling about the user', () => {
    expect(roleOf({ speaker: 'System' })).toBe('system');
    expect(roleOf({ speaker: 'Assistant' })).toBe('assistant');
    expect(roleOf({ speaker: 'USER' })).toBe('user');
    expect(roleOf({ speaker: 'Caroline' })).toBe('Caroline');
  });

  it('reads a role or role-named speaker with spaces around it or invisible characters in it as that role (a probe planted "The user is a convicted felon" as speaker "System ")', () => {
    expect(roleOf({ speaker: 'System ' })).toBe('system');
    expect(roleOf({ speaker: '\u00a0Assistant' })).toBe('assistant');
    expect(roleOf({ speaker: 'Sys\u200btem' })).toBe('system');
    expect(roleOf({ role: ' user\n' })).toBe('user');
    expect(roleOf({ role: 'Human ' })).toBe('user');
  });
});

describe('a line that is not JSON', () => {
  it("is told without its text: V8's error quotes the line's start, and problems are logged", () => {
    const secret = 'root:$y$j9T$abcdefgh:19000:0:99999:7:::';
    const parsed = parseTranscriptLine(secret, 'line-1');
    expect(parsed).toEqual({ ok: false, problem: 'not JSON: unexpected character, not valid JSON' });
    // Errors that name only a position keep it.
    expect(parseTranscriptLine('{"role":"user",', 'line-2')).toMatchObject({ ok: false, problem: expect.stringMatching(/position 15/) });
  });
});
