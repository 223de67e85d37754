// What describing a working-memory conversation costs by its size: `describeConversation` (entities, topics,
// keywords, the request, the embedding) over a transcript of labelled chat turns, with the USE-lite embedder, one
// child process a size so each peak RSS is its own. Sizes above WORKING_MEMORY_LIMITS.conversation are refused
// (CONTENT_TOO_LARGE); its comment (src/working/conversation-features.ts) has the figures, those above the limit
// measured on the commit before it.
//   npx tsx bench/working-conversation-size.bench.ts [--sizes 1024,16384,65536,131000]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createUseLiteEmbedder } from '../src/providers/use-lite/use-lite-embedder.ts';
import { describeConversation } from '../src/working/conversation-features.ts';

const SENTENCES = [
  'I moved to Lisbon with Priya last week and we are still unpacking boxes.',
  'Can you remind me when the quarterly planning meeting with the Berlin team starts?',
  'The deploy on Friday failed because the canary in staging was red for an hour.',
  'We should book the offsite in Porto for the second week of March, near the river.',
  'My sister Ana recommended a dentist on Rua Augusta; her name is Dr. Costa.',
];

/** A transcript of alternating user and assistant turns, at least `bytes` long. */
function transcriptOf(bytes: number): string {
  let text = '';
  for (let turn = 0; Buffer.byteLength(text) < bytes; turn += 1) text += `${turn % 2 === 0 ? 'user' : 'assistant'}: ${SENTENCES[turn % SENTENCES.length]} (turn ${turn})\n`;
  return text;
}

async function measureOne(bytes: number): Promise<void> {
  const embedder = createUseLiteEmbedder();
  await embedder.doEmbed({ values: ['warm up'] });
  const baseline = process.resourceUsage().maxRSS;
  const fullText = transcriptOf(bytes);
  const started = performance.now();
  await describeConversation({ conversationId: 'c', timestamp: Date.now(), fullText }, embedder);
  const ms = performance.now() - started;
  console.log(JSON.stringify({ bytes: Buffer.byteLength(fullText), ms: Math.round(ms), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024), baselineRssMB: Math.round(baseline / 1024) }));
}

const one = process.argv.indexOf('--one');
if (one !== -1) {
  await measureOne(Number(process.argv[one + 1]));
  process.exit(0);
}
const sizesAt = process.argv.indexOf('--sizes');
const sizes = (sizesAt === -1 ? '1024,16384,65536,131000' : process.argv[sizesAt + 1]!).split(',').map(Number);
for (const bytes of sizes) {
  process.stdout.write(execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--one', String(bytes)], { encoding: 'utf8' }));
}
