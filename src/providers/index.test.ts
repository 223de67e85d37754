import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as providers from './index.ts';

/** Every module reachable from a file through static imports (dynamic import() is lazy, so it is not followed). */
function staticImportGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('providers entry', () => {
  it('exports the factories by name', () => {
    expect(Object.keys(providers).sort()).toEqual([
      'createAnthropicChat',
      'createOpenAICompatibleChat',
      'createOpenAICompatibleEmbedder',
      'createUseLiteEmbedder',
      'generateJson',
    ]);
  });

  it('never statically loads @huggingface/transformers, tfjs or onnxruntime', () => {
    const { files, packages } = staticImportGraph(fileURLToPath(new URL('./index.ts', import.meta.url)));
    // The walker must really follow the graph, or the next two lines prove nothing.
    expect([...files].some((file) => file.endsWith('/use-lite/use-lite-embedder.ts'))).toBe(true);
    expect(packages.has('zod')).toBe(true);
    expect([...files].some((file) => file.includes('/providers/transformers/'))).toBe(false);
    // The onnx runtime's own code is reachable; the package it drives is imported only when a model loads.
    expect([...files].some((file) => file.endsWith('/use-lite/onnx/onnx-runtime.ts'))).toBe(true);
    expect([...packages].filter((name) => name.startsWith('@huggingface/') || name.startsWith('@energetic-ai/') || name.startsWith('onnxruntime'))).toEqual([]);
  });
});
