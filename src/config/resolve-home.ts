import path from 'node:path';

/** The home directory: the option, else `HIPPOCAMPUS_HOME`, else ./.hippocampus. Read only when needed. */
export function resolveHome(home?: string): string {
  return path.resolve(home ?? process.env.HIPPOCAMPUS_HOME ?? './.hippocampus');
}
