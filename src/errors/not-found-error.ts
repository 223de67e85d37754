import type { ErrorCode } from './codes.ts';
import { HippocampusError } from './hippocampus-error.ts';

/** A record that was asked for by id does not exist (or is not visible to this agent); `plural` when `id` lists several. */
export class NotFoundError extends HippocampusError {
  constructor(options: { what: string; id: string; code?: ErrorCode; hint?: string; plural?: boolean }) {
    super({
      code: options.code ?? 'NOT_FOUND',
      message: `${options.what} "${options.id}" ${options.plural ? 'were' : 'was'} not found${options.hint ? `: ${options.hint}` : ''}`,
      details: { what: options.what, id: options.id },
    });
    this.name = 'NotFoundError';
  }
}
