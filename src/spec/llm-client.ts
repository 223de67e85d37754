export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface LlmGenerateInput {
  messages: LlmMessage[];
  /** When set, the provider asks for a JSON answer matching this JSON Schema. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  maxTokens?: number;
  temperature?: number;
  abortSignal?: AbortSignal;
}

export interface LlmGenerateResult {
  text: string;
  usage: LlmUsage;
  finishReason: string;
}

/** A chat LLM behind one contract (OpenAI-compatible, Anthropic, ...). */
export interface LlmClient {
  readonly provider: string;
  readonly modelId: string;
  doGenerate(input: LlmGenerateInput): Promise<LlmGenerateResult>;
}
