/**
 * OpenAI's json_schema name and Anthropic's tool name must match
 * ^[a-zA-Z0-9_-]{1,64}$; callers pick names freely ("memory facts"), so the
 * providers clean them instead of failing with a 400.
 */
export function schemaName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64);
  return cleaned === '' || /^_+$/.test(cleaned) ? 'response' : cleaned;
}
