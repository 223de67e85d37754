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

/**
 * The `pairs` corpus: the index-th memory holds two different sentences (the index's, and one 1 to ~37
 * places after it for 100k memories: every pair distinct below n × (n − 1) memories), its vector the
 * normalised sum of theirs. The copies corpus (`scaleMemory` + `perturbed`) puts ~36 near-identical vectors
 * around each sentence at 100k, which no real agent holds and an HNSW graph cannot cross (its neighbours
 * are all copies: recall@10 against exact 0.28 at ef_search 40 on pgvector, docs/postgres.md).
 */
export function pairOf(sentenceCount: number, index: number): [number, number] {
  const first = index % sentenceCount;
  return [first, (first + 1 + Math.floor(index / sentenceCount)) % sentenceCount];
}

export function pairMemory(sentences: string[], agentId: string, index: number, now: number): MemoryRecord {
  const [first, second] = pairOf(sentences.length, index);
  const record = scaleMemory(sentences, agentId, index, now);
  const content = `${sentences[first]} ${sentences[second]}`;
  return { ...record, content, contentHash: hashContent(content) };
}

export function pairVector(vectors: Float32Array[], index: number): Float32Array {
  const [first, second] = pairOf(vectors.length, index);
  const sum = new Float32Array(vectors[first]!);
  for (let dimension = 0; dimension < sum.length; dimension += 1) sum[dimension] = sum[dimension]! + vectors[second]![dimension]!;
  const norm = Math.hypot(...sum);
  return sum.map((value) => value / norm);
}
