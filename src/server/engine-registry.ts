import fs from 'node:fs';
import path from 'node:path';
import { agentPaths } from '../config/agent-paths.ts';
import { identifierSchema } from '../config/identifiers.ts';
import { parseWith } from '../config/parse.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import type { Clock } from '../spec/clock.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { MemoryEvent } from '../spec/memory-event.ts';

export interface EngineRegistryOptions {
  home: string;
  /** Passed to every engine; `undefined` keeps the engine's default (offline USE-lite), `null` is keyword-only. */
  embedder?: Embedder | null;
  /** Time source of every engine (tests and demos replay a past). */
  clock?: Clock;
  /** Every event of every engine, with the agent it came from (metrics listen here). */
  onEvent?: (agentId: string, event: MemoryEvent) => void;
}

/** Opens each agent's memory once per process and closes them all on shutdown. */
export interface EngineRegistry {
  readonly home: string;
  /** The agent's engine; with `create: false` an agent that has no database yet is NOT_FOUND instead of created. */
  get(agentId: string, options?: { create?: boolean }): Promise<Hippocampus>;
  /** Agents that have a database under the home directory, sorted. */
  listAgents(): string[];
  closeAll(): Promise<void>;
}

/**
 * @example
 * const registry = createEngineRegistry({ home: './.hippocampus', embedder: null });
 * const memory = await registry.get('ada', { create: true });
 * await registry.closeAll();
 */
export function createEngineRegistry(options: EngineRegistryOptions): EngineRegistry {
  const engines = new Map<string, Promise<Hippocampus>>();
  const exists = (agentId: string) => fs.existsSync(agentPaths(options.home, agentId).longTermDatabase);

  async function open(agentId: string): Promise<Hippocampus> {
    const engine = await createHippocampus({
      home: options.home,
      agentId,
      ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.onEvent ? { onEvent: (event: MemoryEvent) => options.onEvent?.(agentId, event) } : {}),
    });
    engine.start();
    return engine;
  }

  return {
    home: options.home,
    async get(agentId, { create = false } = {}) {
      const valid = parseWith(identifierSchema, agentId, 'agent id', 'INVALID_AGENT_ID');
      let engine = engines.get(valid);
      if (engine === undefined) {
        if (!create && !exists(valid)) throw new NotFoundError({ what: 'Agent', id: valid });
        // Concurrent first requests share one open instead of racing two engines onto one file.
        engine = open(valid);
        engines.set(valid, engine);
        engine.catch(() => engines.delete(valid));
      }
      return engine;
    },
    listAgents() {
      const directory = path.join(options.home, 'agents');
      if (!fs.existsSync(directory)) return [];
      return fs
        .readdirSync(directory, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && identifierSchema.safeParse(entry.name).success && exists(entry.name))
        .map((entry) => entry.name)
        .sort();
    },
    async closeAll() {
      const pending = [...engines.values()];
      engines.clear();
      const settled = await Promise.allSettled(pending.map(async (engine) => (await engine).stop()));
      const failure = settled.find((result) => result.status === 'rejected');
      if (failure && failure.status === 'rejected') throw failure.reason;
    },
  };
}
