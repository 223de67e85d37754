// Agent tools and their adapters. Named exports only; each is public API.
export { createHippoTools, type HippoToolsOptions } from './create-hippo-tools.ts';
export { openHippoTools, type OpenHippoToolsOptions } from './open-hippo-tools.ts';
export { defineTool, toolJsonSchema, type HippoTool, type ToolResult } from './hippo-tool.ts';
export {
  toAiSdkTools,
  toOpenAITools,
  toAnthropicTools,
  toAgentTools,
  runOpenAIToolCall,
  runAnthropicToolUse,
  type AiSdkToolShape,
  type OpenAIFunctionTool,
  type AnthropicTool,
  type AgentTool,
} from './adapters.ts';
export { MAX_TEXT_CHARS, MAX_CONTENT_CHARS, MAX_BLOCK_CHARS, MAX_QUERY_CHARS } from './tool-inputs.ts';
