import path from 'node:path';

/** The home directory: the option, else `HIPPOCAMPUS_HOME`, else ./.hippocampus. Read only when needed. */
export function resolveHome(home?: string): string {
  return path.resolve(home ?? process.env.HIPPOCAMPUS_HOME ?? './.hippocampus');
}

/** The store: the option, else `HIPPOCAMPUS_STORE`, else undefined (SQLite files under the home). Read only when needed. */
export function resolveStore(store?: string): string | undefined {
  const chosen = store ?? process.env.HIPPOCAMPUS_STORE;
  return chosen === undefined || chosen === '' ? undefined : chosen;
}
