/** OpenAI-style auth: a bearer token only when there is a key (local servers take none). */
export function bearerHeaders(apiKey: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return apiKey === undefined || apiKey === '' ? { ...extra } : { ...extra, authorization: `Bearer ${apiKey}` };
}
