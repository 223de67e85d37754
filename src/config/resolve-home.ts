import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { storeSchema } from './config-schema.ts';
import { parseWith } from './parse.ts';

/**
 * A leading `~` is the user's home directory, as a shell reads it: a quoted `HIPPOCAMPUS_HOME='~/x'` (or a
 * `.env` file, or the option from code) reaches us unexpanded, and made a folder named `~` in the working
 * directory (probe, 2026-11-27). `~user` forms are left as written.
 */
function withUserHome(folder: string): string {
  return folder === '~' || folder.startsWith('~/') || folder.startsWith(`~${path.sep}`) ? path.join(os.homedir(), folder.slice(1)) : folder;
}

/**
 * The home directory: the option, else `HIPPOCAMPUS_HOME`, else ./.hippocampus, a leading `~` read as the user's
 * home directory. Read only when needed.
 * An empty variable is unset (as HIPPOCAMPUS_STORE and HIPPOCAMPUS_TOKEN are): `path.resolve('')` is the
 * working directory, where agents/ landed beside the user's files. An empty option, or a home that is a
 * file or under one, is a CONFIG_ERROR before anything is made (a file was ENOTDIR from deep inside the store).
 */
export function resolveHome(home?: string): string {
  if (home !== undefined && home.trim() === '') throw new HippocampusError({ code: 'CONFIG_ERROR', message: 'The home directory (--home) is empty: name a folder, or leave the option out for $HIPPOCAMPUS_HOME or ./.hippocampus' });
  const fromEnvironment = process.env.HIPPOCAMPUS_HOME;
  const resolved = path.resolve(withUserHome(home ?? (fromEnvironment === undefined || fromEnvironment.trim() === '' ? './.hippocampus' : fromEnvironment)));
  let found: fs.Stats | undefined;
  try {
    found = fs.statSync(resolved, { throwIfNoEntry: false });
  } catch (error) {
    // Under a file (ENOTDIR) or a folder it may not enter (EACCES): no home can be there.
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `The home ${resolved} cannot be used: ${(error as Error).message} (check --home or HIPPOCAMPUS_HOME)`, cause: error });
  }
  if (found?.isDirectory() === false) {
    throw new HippocampusError({ code: 'CONFIG_ERROR', message: `The home ${resolved} is a file, not a directory (check --home or HIPPOCAMPUS_HOME)` });
  }
  return resolved;
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
