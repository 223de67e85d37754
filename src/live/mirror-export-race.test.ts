import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentPaths } from '../config/agent-paths.ts';
import type { Hippocampus } from '../memory/hippocampus.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { runScript } from '../testing/run-script.ts';
import { eachTestEngine, type TempEngine } from '../testing/temp-engine.ts';

let home: TempEngine['home'];
let memory: Hippocampus;

// Long memories, so writing the mirror takes long enough for a forget in another process to run inside it.
const FILLER = 'a long note about the weekly planning meeting and the notes taken there '.repeat(20);

eachTestEngine(() => ({ agentId: 'ada', embedder: null }), async (opened) => {
  ({ home, memory } = opened);
  await memory.rememberMany(Array.from({ length: 3000 }, (_, index) => ({ type: 'observation' as const, content: `${FILLER} number ${index}` })), { longTerm: true });
});

/** Resolves once `file` exists, looking at every turn of the event loop. */
async function appears(file: string): Promise<void> {
  while (!fs.existsSync(file)) await new Promise((resolve) => setImmediate(resolve));
}

describe('an export racing a forget or an edit', () => {
  it('a forget in this process while `exportMirror` runs in another leaves the forgotten memory in no file of the mirror', async () => {
    const agentRoot = agentPaths(home.home, 'ada').root;
    for (const round of [1, 2, 3]) {
      const secret = `My locker code is ZEBRA-${round}431-quokka`;
      const [stored] = await memory.rememberMany([{ type: 'observation', content: secret }], { longTerm: true });
      const mirror = path.join(home.home, `mirror-${round}`);
      fs.rmSync(path.join(agentRoot, 'mirrors.json'), { force: true });
      // The forget starts as the export registers its folder: the moment between reading the rows and writing
      // them, where a forget found no index.json to scrub and the export then wrote the forgotten memory.
      const exporting = runScript('mirror-export.ts', [home.home, 'ada', mirror]);
      await appears(path.join(agentRoot, 'mirrors.json'));
      await memory.forget([stored!.memory.id]);
      await exporting;

      expect(allBytesUnder(mirror), `round ${round}`).not.toContain('quokka');
      expect(fs.readFileSync(path.join(mirror, 'index.json'), 'utf8')).toContain('number 2999');
    }
  }, 120_000);

  it('an edit in this process that takes a secret out of a memory while `exportMirror` runs in another leaves the secret in no file of the mirror', async () => {
    const agentRoot = agentPaths(home.home, 'ada').root;
    for (const round of [1, 2, 3]) {
      const [stored] = await memory.rememberMany([{ type: 'observation', content: `My locker code is ZEBRA-${round}431-quokka` }], { longTerm: true });
      const mirror = path.join(home.home, `mirror-${round}`);
      fs.rmSync(path.join(agentRoot, 'mirrors.json'), { force: true });
      const exporting = runScript('mirror-export.ts', [home.home, 'ada', mirror]);
      await appears(path.join(agentRoot, 'mirrors.json'));
      await memory.update(stored!.memory.id, { content: `My locker code changed in round ${round}` });
      await exporting;

      expect(allBytesUnder(mirror), `round ${round}`).not.toContain('quokka');
      expect(fs.readFileSync(path.join(mirror, 'index.json'), 'utf8')).toContain(`changed in round ${round}`);
    }
  }, 120_000);
});
