import path from 'node:path';
import { storeSchema } from './config-schema.ts';
import { parseWith } from './parse.ts';

/** The home directory: the option, else `HIPPOCAMPUS_HOME`, else ./.hippocampus. Read only when needed. */
export function resolveHome(home?: string): string {
  return path.resolve(home ?? process.env.HIPPOCAMPUS_HOME ?? './.hippocampus');
}

/**
 * The store: the option, else `HIPPOCAMPUS_STORE`, else undefined (SQLite files under the home). Read only when
 * needed, and validated here (CONFIG_ERROR naming where it came from): anything but 'sqlite' was taken for a
 * PostgreSQL URL by the commands that open the store before an engine does ('mysql://…' dialled localhost:5432).
 */
export function resolveStore(store?: string): string | undefined {
  const fromOption = store !== undefined;
  const chosen = store ?? process.env.HIPPOCAMPUS_STORE;
  if (chosen === undefined || chosen === '') return undefined;
  return parseWith(storeSchema, chosen, fromOption ? 'store (--store)' : 'store (HIPPOCAMPUS_STORE)', 'CONFIG_ERROR');
}
