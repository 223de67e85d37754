import type { ErrorCode } from './codes.ts';
import { HippocampusError } from './hippocampus-error.ts';

/** A record that was asked for by id does not exist (or is not visible to this agent). */
export class NotFoundError extends HippocampusError {
  constructor(options: { what: string; id: string; code?: ErrorCode }) {
    super({
      code: options.code ?? 'NOT_FOUND',
      message: `${options.what} "${options.id}" was not found`,
      details: { what: options.what, id: options.id },
    });
    this.name = 'NotFoundError';
  }
}
