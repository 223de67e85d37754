import type { ErrorCode } from './codes.ts';
import { HippocampusError } from './hippocampus-error.ts';

export interface ValidationIssue {
  path: string;
  message: string;
}

/** Input at a public boundary failed validation; nothing was written. */
export class ValidationError extends HippocampusError {
  readonly issues: readonly ValidationIssue[];

  constructor(options: { message: string; issues?: ValidationIssue[]; code?: ErrorCode; cause?: unknown }) {
    super({
      code: options.code ?? 'VALIDATION_ERROR',
      message: options.message,
      cause: options.cause,
      details: { issues: options.issues ?? [] },
    });
    this.name = 'ValidationError';
    this.issues = options.issues ?? [];
  }
}
