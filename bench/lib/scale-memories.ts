// The memories the scale benchmarks bulk-load: real LoCoMo sentences made distinct by a
// counter, with their USE-lite vectors lightly perturbed per copy, so text, keywords and
// vectors agree. Ids and vectors depend only on the index, so a stopped load can resume.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashContent } from '../../src/core/content-hash.ts';
import type { MemoryRecord } from '../../src/spec/memory-record.ts';
import type { Embedder } from '../../src/spec/embedder.ts';

/** The USE-lite vectors of `sentences`, embedded once and cached in the temp directory. */
export async function sentenceVectors(embedder: Embedder, sentences: string[]): Promise<Float32Array[]> {
  const dimensions = embedder.dimensions;
  const digest = crypto.createHash('sha256').update(sentences.join('\n')).digest('hex').slice(0, 16);
  const cache = path.join(os.tmpdir(), `hippocampus-scale-${digest}.f32`);
  if (!fs.existsSync(cache)) {
    const { embeddings } = await embedder.doEmbed({ values: sentences });
    const flat = new Float32Array(sentences.length * dimensions);
    embeddings.forEach((vector, index) => flat.set(vector, index * dimensions));
    fs.writeFileSync(cache, Buffer.from(flat.buffer));
  }
  const bytes = fs.readFileSync(cache);
  const flat = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  return sentences.map((_, index) => flat.slice(index * dimensions, (index + 1) * dimensions));
}

export function perturbed(base: Float32Array, seed: number): Float32Array {
  const out = new Float32Array(base);
  let state = seed * 2654435761;
  let norm = 0;
  for (let index = 0; index < out.length; index += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[index] = out[index]! + ((state / 2147483648) - 0.5) * 0.02;
    norm += out[index]! * out[index]!;
  }
  norm = Math.sqrt(norm);
  for (let index = 0; index < out.length; index += 1) out[index] = out[index]! / norm;
  return out;
}

/** The index-th bulk-loaded memory of `agentId`. */
export function scaleMemory(sentences: string[], agentId: string, index: number, now: number): MemoryRecord {
  const content = `${sentences[index % sentences.length]} (#${index})`;
  const timestamp = now - (index % 365) * 86_400_000;
  return {
    id: `01SCALE${String(index).padStart(19, '0')}`, agentId, sessionId: 'bench', type: 'chat', kind: 'memory', content, context: {}, domain: null, category: null,
    timestamp, createdAt: timestamp, consolidatedAt: timestamp, lastAccessedAt: null, importance: 0.5 + (index % 50) / 100, accessCount: 0, runningIntensity: 0.6,
    encounterCount: 1, supersededBy: null, contentHash: hashContent(content), relatedTo: [], tags: [], source: 'bench',
  };
}
