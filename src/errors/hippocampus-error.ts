import type { ErrorCode } from './codes.ts';

const marker = Symbol.for('hippocampus.error');

/**
 * The one error base of Hippocampus. Every error the library throws on purpose
 * carries a stable string `code` that the CLI, HTTP and MCP layers map to exit
 * codes, status codes and `isError` results.
 *
 * @example
 * try { await memory.remember({ type: 'chat', content: '' }); }
 * catch (error) { if (HippocampusError.isInstance(error)) console.log(error.code); }
 */
export class HippocampusError extends Error {
  private readonly [marker] = true;
  readonly code: ErrorCode;
  /** Extra structured facts about the failure (the field, the limit, the query...). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(options: { code: ErrorCode; message: string; cause?: unknown; details?: Record<string, unknown> }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HippocampusError';
    this.code = options.code;
    this.details = options.details ?? {};
  }

  /** True for any Hippocampus error, even one thrown by a second copy of the package. */
  static isInstance(error: unknown): error is HippocampusError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }

  toJSON(): { code: ErrorCode; message: string; details: Readonly<Record<string, unknown>> } {
    return { code: this.code, message: this.message, details: this.details };
  }
}
