import { ValidationError } from '../errors/validation-error.ts';

/** A parsed JSON document and the line (1-based) where each value starts, by path ("memories.3.importance"). */
export interface JsonWithLines {
  value: unknown;
  lineOf(path: readonly (string | number)[]): number;
}

/** Deeper than any index.json (a context is held to a few levels); each level is a stack frame of the parser. */
const MAX_DEPTH = 512;

/**
 * JSON.parse that remembers where things are, so a validation error in a file
 * a person edited can name the line. A syntax error names its line too.
 *
 * @example
 * const parsed = parseJsonWithLines('{\n  "a": [1,\n  "x"]\n}');
 * parsed.lineOf(['a', 1]) // 3
 */
export function parseJsonWithLines(text: string, what = 'JSON'): JsonWithLines {
  const lines = new Map<string, number>();
  let index = 0;
  let line = 1;
  const fail = (message: string): never => {
    throw new ValidationError({ message: `${what} line ${line}: ${message}`, issues: [{ path: `line ${line}`, message }] });
  };
  const skipSpace = () => {
    while (index < text.length && /\s/.test(text[index]!)) {
      if (text[index] === '\n') line += 1;
      index += 1;
    }
  };
  const literal = (): unknown => {
    const match = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(index, index + 400));
    if (!match) return fail(`unexpected ${index < text.length ? `"${text[index]}"` : 'end of file'}`);
    index += match[0].length;
    return JSON.parse(match[0]) as unknown;
  };
  // Scanned, not matched: a backtracking pattern over a string of millions of characters overflowed the
  // stack (a RangeError, not the file's line), and an escape JSON does not know (\x) threw a bare SyntaxError.
  const string = (): string => {
    let end = index + 1;
    while (end < text.length && text[end] !== '"' && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
    if (end >= text.length || text[end] !== '"') return fail('unterminated string');
    const source = text.slice(index, end + 1);
    index = end + 1;
    try {
      return JSON.parse(source) as string;
    } catch {
      return fail('invalid string (an escape or control character JSON does not allow)');
    }
  };
  const expect = (character: string) => {
    skipSpace();
    if (text[index] !== character) fail(`expected "${character}"${index < text.length ? ` but found "${text[index]}"` : ' before the end of file'}`);
    index += 1;
  };
  const value = (path: (string | number)[]): unknown => {
    // Each level is a frame of this parser: thousands of nested brackets overflowed the stack.
    if (path.length > MAX_DEPTH) fail(`nested deeper than ${MAX_DEPTH} levels`);
    skipSpace();
    lines.set(path.join('.'), line);
    const character = text[index];
    if (character === '"') return string();
    if (character === '[') {
      index += 1;
      const items: unknown[] = [];
      skipSpace();
      if (text[index] === ']') return (index += 1), items;
      for (;;) {
        items.push(value([...path, items.length]));
        skipSpace();
        if (text[index] === ']') return (index += 1), items;
        expect(',');
      }
    }
    if (character === '{') {
      index += 1;
      const object: Record<string, unknown> = {};
      skipSpace();
      if (text[index] === '}') return (index += 1), object;
      for (;;) {
        skipSpace();
        if (text[index] !== '"') fail('expected a property name in double quotes');
        const key = string();
        // Set by assignment, "__proto__" replaced the object's prototype instead of adding a key: a context holding
        // one was imported without it and without a word (probe). JSON.parse keeps it as a key; no field takes it.
        if (key === '__proto__') fail('a property named "__proto__" is not taken (it must not hold the key "__proto__")');
        expect(':');
        object[key] = value([...path, key]);
        skipSpace();
        if (text[index] === '}') return (index += 1), object;
        expect(',');
      }
    }
    return literal();
  };
  const parsed = value([]);
  skipSpace();
  if (index < text.length) fail(`unexpected "${text[index]}" after the end of the document`);
  return {
    value: parsed,
    lineOf(path) {
      for (let length = path.length; length >= 0; length -= 1) {
        const found = lines.get(path.slice(0, length).join('.'));
        if (found !== undefined) return found;
      }
      return 1;
    },
  };
}
