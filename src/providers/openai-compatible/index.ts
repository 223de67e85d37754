export { createOpenAICompatibleEmbedder, type OpenAICompatibleEmbedderOptions } from './openai-compatible-embedder.ts';
export { createOpenAICompatibleChat, type OpenAICompatibleChatOptions } from './chat.ts';
