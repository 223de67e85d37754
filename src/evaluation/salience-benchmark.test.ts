import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { rocAuc, runSalienceBenchmark } from './salience-benchmark.ts';

let home: ReturnType<typeof createTempHome>;
beforeEach(() => {
  home = createTempHome();
});
afterEach(() => home.cleanup());

/** A small conversation in LoCoMo's format, written for this test. */
function writeConversation(directory: string): void {
  fs.mkdirSync(directory, { recursive: true });
  const conversation = {
    speaker_a: 'Ana',
    speaker_b: 'Ben',
    session_1_date_time: '1:56 pm on 8 May, 2023',
    session_1: [
      { speaker: 'Ana', dia_id: 'D1:1', text: 'Hey Ben! Good to see you!' },
      { speaker: 'Ben', dia_id: 'D1:2', text: 'Hi Ana, how are things?' },
      { speaker: 'Ana', dia_id: 'D1:3', text: 'I just moved to Lisbon with my partner Noor and I love it.' },
      { speaker: 'Ben', dia_id: 'D1:4', text: 'That is great news.' },
      { speaker: 'Ana', dia_id: 'D1:5', text: 'Thanks!', blip_caption: 'a photo of a tram' },
    ],
    session_2_date_time: '9:00 am on 10 May, 2023',
    session_2: [
      { speaker: 'Ana', dia_id: 'D2:1', text: 'I decided to adopt a cat named Miso next week.' },
      { speaker: 'Ben', dia_id: 'D2:2', text: 'Lovely.' },
      { speaker: 'Ana', dia_id: 'D2:3', text: 'Ok cool.' },
    ],
    session_3_date_time: '9:00 am on 12 June, 2023',
    session_3: [
      { speaker: 'Ben', dia_id: 'D3:1', text: 'Where do you live these days?' },
      // Said again: it reinforces the memory of D1:3 and makes none of its own.
      { speaker: 'Ana', dia_id: 'D3:2', text: 'I just moved to Lisbon with my partner Noor and I love it.' },
    ],
    session_1_observation: { Ana: [['Ana moved to Lisbon with Noor.', 'D1:3']] },
    session_2_observation: { Ana: [['Ana will adopt a cat named Miso.', 'D2:1']] },
    session_3_observation: { Ana: [['Ana lives in Lisbon.', 'D3:2']] },
    qa: [],
  };
  fs.writeFileSync(path.join(directory, '1.json'), JSON.stringify(conversation));
}

describe('the salience benchmark', () => {
  it('ROC-AUC: 1 when scores separate the labels, 0.5 for ties, NaN without both labels', () => {
    expect(rocAuc([0.9, 0.8, 0.1, 0.2], [true, true, false, false])).toBe(1);
    expect(rocAuc([0.1, 0.2, 0.9], [true, false, false])).toBe(0);
    expect(rocAuc([0.5, 0.5, 0.5, 0.5], [true, false, true, false])).toBe(0.5);
    expect(rocAuc([1, 2], [true, true])).toBeNaN();
  });

  it('scores the user turns of a conversation against the turns its observations cite', async () => {
    const data = path.join(home.home, 'data');
    writeConversation(data);
    const report = await runSalienceBenchmark({ dataDirectory: data });
    expect(report).toMatchObject({ conversations: 1, userTurns: 6, memorableTurns: 3 });
    expect(report.auc).toBeGreaterThan(0.5);
    expect(report.byConversation['1']).toMatchObject({ userTurns: 6, memorableTurns: 3 });
    // The repeat D3:2 counts as kept, with its own importance, through the memory's context.repeatedIn.
    expect(report.memorableKeptShare).toBe(1);
    expect(report.auc).toBe(1);
  });

  it('runs as `hippocampus bench salience --json`, and an empty folder is a usage error', async () => {
    const data = path.join(home.home, 'data');
    writeConversation(data);
    let stdout = '';
    const code = await main(['node', 'hippocampus', '--home', home.home, 'bench', 'salience', '--data', data, '--json'], { stdout: (text) => (stdout += text), stderr: () => undefined });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ conversations: 1, userTurns: 6 });
    const empty = path.join(home.home, 'empty');
    fs.mkdirSync(empty);
    expect(await main(['node', 'hippocampus', 'bench', 'salience', '--data', empty], { stdout: () => undefined, stderr: () => undefined })).toBe(2);
    // A file where the folder goes is a usage error too, for either benchmark (it was an INTERNAL_ERROR: ENOTDIR).
    const file = path.join(data, fs.readdirSync(data)[0]!);
    for (const bench of ['salience', 'locomo']) {
      let stderr = '';
      expect(await main(['node', 'hippocampus', '--home', home.home, 'bench', bench, '--data', file], { stdout: () => undefined, stderr: (text) => (stderr += text) }), bench).toBe(2);
      expect(stderr, bench).toContain('not a directory');
    }
  });
});
