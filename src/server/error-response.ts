import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../errors/codes.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { publicMessage } from '../errors/public-message.ts';

/**
 * The one place error codes become HTTP statuses. Typed against every code, so
 * a new code fails the type check here until someone decides its status.
 */
const STATUS_BY_CODE = {
  VALIDATION_ERROR: 400,
  INVALID_AGENT_ID: 400,
  INVALID_SESSION_ID: 400,
  INVALID_FILTER: 400,
  TRANSCRIPT_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN_HOST: 403,
  FORBIDDEN_ORIGIN: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  BLOCK_NOT_FOUND: 404,
  BLOCK_TEXT_NOT_FOUND: 404,
  SKILL_NOT_FOUND: 404,
  EMBEDDING_MODEL_MISMATCH: 409,
  CONTENT_TOO_LARGE: 413,
  PAYLOAD_TOO_LARGE: 413,
  SCHEMA_TOO_NEW: 500,
  STORE_ERROR: 500,
  DATABASE_CORRUPT: 500,
  DATABASE_MISSING: 500,
  DATABASE_BUSY: 503,
  STORE_UNAVAILABLE: 503,
  RECOVERY_TOOL_MISSING: 500,
  CONFIG_ERROR: 500,
  MISSING_API_KEY: 500,
  EMBEDDING_DIMENSION_MISMATCH: 500,
  EMBEDDING_ERROR: 502,
  PROVIDER_HTTP_ERROR: 502,
  PROVIDER_RESPONSE_INVALID: 502,
  ENGINE_CLOSED: 503,
  EMBEDDING_MODEL_NOT_FOUND: 503,
  EMBEDDING_RUNTIME_UNAVAILABLE: 503,
  WORKING_MEMORY_UNAVAILABLE: 503,
  PROVIDER_TIMEOUT: 504,
  INTERNAL_ERROR: 500,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

/** The status for an error code; codes nobody mapped are server errors. */
export function statusOfCode(code: string): ContentfulStatusCode {
  return (STATUS_BY_CODE as Record<string, ContentfulStatusCode>)[code] ?? 500;
}

/** The one JSON shape of every error: `{ error: { code, message } }`, plus the failing fields of a validation error. */
export interface ErrorBody {
  error: { code: string; message: string; issues?: { path: string; message: string }[] };
}

export function errorBody(error: HippocampusError): ErrorBody {
  const issues = error.details.issues;
  return { error: { code: error.code, message: publicMessage(error), ...(Array.isArray(issues) && issues.length > 0 ? { issues: issues as { path: string; message: string }[] } : {}) } };
}

/**
 * Turns anything thrown into the JSON error response. Errors the library did
 * not throw on purpose are reported without their text, which may hold paths or data.
 */
export function errorResponse(context: Context, error: unknown, log: (error: unknown) => void = logToConsole): Response {
  if (HippocampusError.isInstance(error)) {
    const status = statusOfCode(error.code);
    if (status >= 500) log(error);
    return context.json(errorBody(error), status);
  }
  log(error);
  return context.json({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } } satisfies ErrorBody, 500);
}

/** The default operator's log of an HTTP app: stderr. */
export function logToConsole(error: unknown): void {
  console.error('[hippocampus http]', error);
}
