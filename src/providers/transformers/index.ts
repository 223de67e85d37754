// A subpath of its own ('hippocampus/providers/transformers') so the root entry never pulls in onnxruntime.
export { createTransformersEmbedder, type TransformersEmbedder, type TransformersEmbedderOptions } from './transformers-embedder.ts';
