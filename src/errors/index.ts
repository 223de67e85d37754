export { HippocampusError } from './hippocampus-error.ts';
export { ERROR_CODES, type ErrorCode } from './codes.ts';
export { ValidationError, type ValidationIssue } from './validation-error.ts';
export { NotFoundError } from './not-found-error.ts';
export { StoreError } from './store-error.ts';
export { ProviderError } from './provider-error.ts';
export { WorkingMemoryUnavailableError } from './working-memory-unavailable-error.ts';
export { EmbeddingDimensionMismatchError } from './embedding-dimension-mismatch-error.ts';
