import { createHash } from 'node:crypto';

/** Normalizes content so trivially different copies (case, spacing, Unicode form) hash alike. */
export function normalizeContent(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** SHA-256 (hex) of the normalized content: the identity of a verbatim memory. */
export function hashContent(content: string): string {
  return createHash('sha256').update(normalizeContent(content)).digest('hex');
}
