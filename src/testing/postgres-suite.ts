import { afterAll, beforeAll } from 'vitest';
import { postgresBinaries, startPostgresServer, type RestartablePostgresServerHandle } from './postgres-server.ts';
import { createTempHome } from './temp-home.ts';

/**
 * For a test file on Debian's PostgreSQL: a throwaway server started before its tests (when the binaries
 * are installed; tests skip with `describe.skipIf(postgresBinaries() === null)`) and a temp home, both
 * removed after.
 *
 * @example
 * const { home, server } = usePostgresServer('hippocampus-postgres-engine-');
 * it('…', async () => { const memory = await createHippocampus({ home, agentId: 'ada', store: server().url }); });
 */
export function usePostgresServer(homePrefix: string): { home: string; server: () => RestartablePostgresServerHandle } {
  const { home, cleanup } = createTempHome(homePrefix);
  let handle: RestartablePostgresServerHandle | undefined;
  beforeAll(async () => {
    handle = postgresBinaries() === null ? undefined : await startPostgresServer();
  }, 60_000);
  afterAll(async () => {
    await handle?.stop();
    cleanup();
  });
  return {
    home,
    server() {
      if (handle === undefined) throw new Error('PostgreSQL is not running (no binaries: scripts/setup-system.sh installs them)');
      return handle;
    },
  };
}
