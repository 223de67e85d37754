import type { ErrorCode } from './codes.ts';
import { HippocampusError } from './hippocampus-error.ts';

/** A storage backend failed; says which query and parameters (Drizzle's "Failed query" habit). */
export class StoreError extends HippocampusError {
  constructor(options: { message: string; query?: string; params?: unknown[]; cause?: unknown; code?: ErrorCode }) {
    const where = options.query === undefined ? '' : `\nFailed query: ${options.query}\nparams: ${JSON.stringify(options.params ?? [])}`;
    super({
      code: options.code ?? 'STORE_ERROR',
      message: `${options.message}${where}`,
      cause: options.cause,
      details: { query: options.query, params: options.params },
    });
    this.name = 'StoreError';
  }
}
