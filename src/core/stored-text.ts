// Half of a surrogate pair without its other half: no UTF-8 text can hold it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * Text as every backend can store it and give back the same: without U+0000, and with each lone surrogate
 * (JSON may carry "\ud800") as one U+FFFD. No PostgreSQL text or jsonb value can hold U+0000 ("unsupported
 * Unicode escape sequence"), and it is never what someone meant to say; SQLite stored a lone surrogate as
 * bytes it read back as three U+FFFD, so a memory's text changed across a restart.
 *
 * @example
 * storableText('a\u0000b\ud800'); // 'ab\ufffd'
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** A JSON-shaped value with every string in it (keys too) made storable; the same value when none held U+0000. */
export function storableValue<Value>(value: Value): Value {
  if (typeof value === 'string') return storableText(value) as Value;
  if (Array.isArray(value)) return value.map(storableValue) as Value;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableText(key), storableValue(inner)])) as Value;
  return value;
}

/**
 * True when the text has a character that shows: text (a memory, a question, a description) of zero-width spaces and joiners, a
 * byte-order mark or a soft hyphen is as empty as one of spaces (a probe's passed the "must not be
 * empty" check and was matched against every memory). Format and control characters, separators and
 * marks without a letter to sit on do not count.
 */
export function hasVisibleText(value: string): boolean {
  return value.replace(/[\p{Cf}\p{Cc}\p{Z}\p{M}\s]/gu, '').length > 0;
}
