export { createAnthropicChat, type AnthropicChatOptions } from './anthropic-chat.ts';
