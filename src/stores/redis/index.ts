// The Redis subpath (`hippocampus/stores/redis`): the only entry that loads ioredis.
export { createRedisWorkingMemory, type RedisWorkingMemoryOptions } from './working-memory-store.ts';
