import { HippocampusError } from './hippocampus-error.ts';

/**
 * The working-memory backend (Redis) could not be reached in time: refused,
 * dropped, or too slow. Callers can fall back to long-term memory instead of
 * waiting; the store never hangs on a dead server.
 */
export class WorkingMemoryUnavailableError extends HippocampusError {
  constructor(options: { message: string; operation: string; backend?: string; cause?: unknown }) {
    super({
      code: 'WORKING_MEMORY_UNAVAILABLE',
      message: `Working memory unavailable during ${options.operation}: ${options.message}`,
      cause: options.cause,
      details: { operation: options.operation, backend: options.backend ?? 'redis' },
    });
    this.name = 'WorkingMemoryUnavailableError';
  }
}
