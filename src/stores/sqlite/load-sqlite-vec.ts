import type Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { HippocampusError } from '../../errors/hippocampus-error.ts';

/** sqlite-vec's package holding the native library of this platform (one of its optional dependencies). */
export function sqliteVecPlatformPackage(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return `sqlite-vec-${platform}-${process.arch}`;
}

/**
 * Loads sqlite-vec into a connection. Its native library comes in a per-platform optional dependency,
 * which `npm install --omit=optional` leaves out: that case is a CONFIG_ERROR naming the package to add.
 */
export function loadSqliteVec(db: Database.Database): void {
  try {
    sqliteVec.load(db);
  } catch (error) {
    const missing = (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' || /sqlite-vec-/.test(String((error as Error).message));
    if (!missing) throw error;
    const name = sqliteVecPlatformPackage();
    throw new HippocampusError({
      code: 'CONFIG_ERROR',
      message: `sqlite-vec's native library for ${process.platform}-${process.arch} is not installed: add the package ${name} (npm install ${name}); an install with --omit=optional leaves it out`,
      cause: error,
      details: { package: name },
    });
  }
}
