/**
 * Text as every backend can store it: without U+0000. No PostgreSQL text or jsonb value can hold it ("unsupported
 * Unicode escape sequence"), and it is never what someone meant to say.
 *
 * @example
 * storableText('a\u0000b'); // 'ab'
 */
export function storableText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/** A JSON-shaped value with every string in it (keys too) made storable; the same value when none held U+0000. */
export function storableValue<Value>(value: Value): Value {
  if (typeof value === 'string') return storableText(value) as Value;
  if (Array.isArray(value)) return value.map(storableValue) as Value;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableText(key), storableValue(inner)])) as Value;
  return value;
}
