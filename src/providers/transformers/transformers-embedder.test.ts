import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HippocampusError } from '../../errors/index.ts';
import { runEmbedderContract } from '../../testing/embedder-contract.ts';
import { createTransformersEmbedder } from './transformers-embedder.ts';

// Real weights are not in this repository and tests never download; the contract runs where a developer has put them.
const LOCAL_MODELS = join(process.cwd(), 'node_modules/@huggingface/transformers/models');
const CONTRACT_MODEL = 'Xenova/all-MiniLM-L6-v2';
const hasWeights = existsSync(join(LOCAL_MODELS, CONTRACT_MODEL, 'onnx'));
runEmbedderContract({
  name: `transformers (${CONTRACT_MODEL})`,
  create: async () => {
    const embedder = createTransformersEmbedder({ model: CONTRACT_MODEL, localModelPath: LOCAL_MODELS });
    await embedder.load();
    return embedder;
  },
  timeoutMs: 120_000,
  tolerance: 1e-4,
  ...(hasWeights ? {} : { skip: `no local ONNX weights at ${join(LOCAL_MODELS, CONTRACT_MODEL)} and tests never download` }),
});

describe('createTransformersEmbedder without weights', () => {
  let root: string;
  const realFetch = globalThis.fetch;
  const outboundRequests: string[] = [];
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'hippocampus-transformers-'));
    // Any attempt to reach the Hub would land here: offline mode must make none.
    globalThis.fetch = async (input) => {
      outboundRequests.push(String(input instanceof Request ? input.url : input));
      throw new TypeError('network disabled in tests');
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await rm(root, { recursive: true, force: true });
  });
  afterEach(() => {
    expect(outboundRequests.splice(0)).toEqual([]);
  });

  it('names the missing model folder with EMBEDDING_MODEL_NOT_FOUND, without importing the package', async () => {
    let imported = false;
    const embedder = createTransformersEmbedder({
      model: 'acme/missing-model',
      localModelPath: root,
      importTransformers: async () => {
        imported = true;
        return {};
      },
    });
    const error = await embedder.doEmbed({ values: ['hello'] }).catch((caught: unknown) => caught);
    expect(HippocampusError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'EMBEDDING_MODEL_NOT_FOUND', provider: 'transformers' });
    expect((error as Error).message).toContain(join(root, 'acme/missing-model'));
    expect(imported).toBe(false);
  });

  it('maps the library error for an incomplete model folder to EMBEDDING_MODEL_NOT_FOUND, and retries a failed load later', async () => {
    const embedder = createTransformersEmbedder({ model: 'acme/half-model', localModelPath: root });
    await expect(embedder.load()).rejects.toMatchObject({ code: 'EMBEDDING_MODEL_NOT_FOUND' });

    // Add the config but not the weights: the real library now gets further and complains about the ONNX file.
    await mkdir(join(root, 'acme/half-model'), { recursive: true });
    await writeFile(join(root, 'acme/half-model/config.json'), JSON.stringify({ model_type: 'bert', hidden_size: 8 }));
    const error = await embedder.load().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'EMBEDDING_MODEL_NOT_FOUND' });
    expect((error as Error).message).toContain(join(root, 'acme/half-model'));
    expect((error as Error).message).toMatch(/\.onnx/);
  }, 60_000);

  it('reports a package that cannot load (absent, or onnxruntime without its binary) as a typed EMBEDDING_ERROR', async () => {
    await mkdir(join(root, 'acme/present'), { recursive: true });
    await writeFile(join(root, 'acme/present/config.json'), '{}');
    const embedder = createTransformersEmbedder({
      model: 'acme/present',
      localModelPath: root,
      importTransformers: () => Promise.reject(new Error("Cannot find package '@huggingface/transformers'")),
    });
    const error = await embedder.doEmbed({ values: ['x'] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'EMBEDDING_ERROR', provider: 'transformers' });
    expect((error as Error).message).toMatch(/optional dependency.*Cannot find package/);
  });

  it('knows its width from the option, and refuses to guess it before loading otherwise', () => {
    expect(createTransformersEmbedder({ model: 'acme/x', localModelPath: root, dimensions: 384 }).dimensions).toBe(384);
    const unloaded = createTransformersEmbedder({ model: 'acme/x', localModelPath: root });
    expect(() => unloaded.dimensions).toThrow(/load\(\)/);
  });

  it('answers empty input without loading anything', async () => {
    const embedder = createTransformersEmbedder({ model: 'acme/never-there', localModelPath: root });
    expect(await embedder.doEmbed({ values: [] })).toEqual({ embeddings: [] });
  });
});
