// Runs the live watcher over a transcript until it is caught up, with an embedder that
// announces each call and takes its time, so a test can kill -9 the process mid-batch:
// the embedder runs only inside the batch's transaction (matching and storing).
import { createLiveWatcher } from '../../live/live-watcher.ts';
import { createTranscriptSource } from '../../live/transcript-source.ts';
import { createHippocampus } from '../../memory/hippocampus.ts';
import type { Embedder } from '../../spec/embedder.ts';
import { createHashEmbedder } from '../hash-embedder.ts';

const [home, agentId, file, batchSizeText, delayText] = process.argv.slice(2);
const inner = createHashEmbedder();
const delayMs = Number(delayText ?? '20');
const slow: Embedder = {
  ...inner,
  async doEmbed(input) {
    process.stdout.write('embedding\n');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return inner.doEmbed(input);
  },
};
const memory = await createHippocampus({ home: home!, agentId: agentId!, embedder: slow });
const watcher = createLiveWatcher({
  memory,
  source: createTranscriptSource({ file: file! }),
  batchSize: Number(batchSizeText ?? '5'),
  onEvent(event) {
    if (event.type === 'batch') process.stdout.write(`committed ${event.report.messages}\n`);
  },
});
await watcher.runOnce();
await memory.stop();
process.stdout.write('done\n');
