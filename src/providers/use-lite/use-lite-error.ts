import { ProviderError } from '../../errors/index.ts';
import { USE_LITE_PROVIDER } from './use-lite-identity.ts';

/** A ProviderError of the use-lite provider; EMBEDDING_ERROR unless told otherwise. */
export function useLiteError(
  message: string,
  options: { cause?: unknown; code?: ConstructorParameters<typeof ProviderError>[0]['code'] } = {},
): ProviderError {
  return new ProviderError({ code: options.code ?? 'EMBEDDING_ERROR', provider: USE_LITE_PROVIDER, message, cause: options.cause });
}
