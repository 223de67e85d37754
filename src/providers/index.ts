// Named exports only: each one is public API. The transformers embedder is deliberately
// absent; it lives at 'hippocampus/providers/transformers' so this entry never loads onnxruntime.
export { createUseLiteEmbedder, type UseLiteEmbedderOptions } from './use-lite/index.ts';
export {
  createOpenAICompatibleEmbedder,
  createOpenAICompatibleChat,
  type OpenAICompatibleEmbedderOptions,
  type OpenAICompatibleChatOptions,
} from './openai-compatible/index.ts';
export { createAnthropicChat, type AnthropicChatOptions } from './anthropic/index.ts';
export { generateJson, type GenerateJsonOptions, type GenerateJsonResult } from './generate-json.ts';
