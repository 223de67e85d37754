import { HippocampusError } from './hippocampus-error.ts';

/** An embedding or LLM provider failed: HTTP status, timeout, or an answer of the wrong shape. */
export class ProviderError extends HippocampusError {
  readonly provider: string;
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(options: {
    code: 'PROVIDER_HTTP_ERROR' | 'PROVIDER_TIMEOUT' | 'PROVIDER_RESPONSE_INVALID' | 'EMBEDDING_ERROR' | 'EMBEDDING_MODEL_NOT_FOUND' | 'EMBEDDING_RUNTIME_UNAVAILABLE';
    provider: string;
    message: string;
    status?: number;
    retryable?: boolean;
    cause?: unknown;
  }) {
    super({
      code: options.code,
      message: `[${options.provider}] ${options.message}`,
      cause: options.cause,
      details: { provider: options.provider, status: options.status },
    });
    this.name = 'ProviderError';
    this.provider = options.provider;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}
