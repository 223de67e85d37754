import { afterAll } from 'vitest';
import { runBackendContract } from '../../testing/backend-contract.ts';
import { createTempHome } from '../../testing/temp-home.ts';
import { createSqliteBackend } from './sqlite-backend.ts';

const { home, cleanup } = createTempHome('hippocampus-sqlite-contract-');
afterAll(cleanup);

runBackendContract({ name: 'sqlite', create: async () => createSqliteBackend({ home }) });
