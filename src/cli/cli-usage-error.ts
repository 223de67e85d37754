import { ValidationError } from '../errors/validation-error.ts';

/** A flag that cannot be read at all; reported like any validation error. */
export class CliUsageError extends ValidationError {
  constructor(message: string) {
    super({ message });
    this.name = 'CliUsageError';
  }
}
