import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { withDeadline } from '../core/deadline.ts';
import { agentPaths } from '../config/agent-paths.ts';
import { identifierSchema } from '../config/identifiers.ts';
import { parseWith } from '../config/parse.ts';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { publicMessage } from '../errors/public-message.ts';
import { StoreError } from '../errors/store-error.ts';
import { ValidationError } from '../errors/validation-error.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import type { Clock } from '../spec/clock.ts';
import type { Embedder } from '../spec/embedder.ts';
import type { MemoryBackend } from '../spec/memory-backend.ts';
import type { MemoryEvent } from '../spec/memory-event.ts';
import type { WorkingMemoryStore } from '../spec/working-memory-store.ts';
import { openBackend } from '../stores/open-backend.ts';
import { workingSnapshotFile } from '../working/working-snapshot.ts';

/** Default cap on agents open at once; see `maxOpenAgents`. */
export const DEFAULT_MAX_OPEN_AGENTS = 64;
/** Default idle time after which an agent's engine is closed and its indexes released. */
export const DEFAULT_IDLE_CLOSE_MS = 10 * 60_000;

export interface EngineRegistryOptions {
  home: string;
  /** Where the agents' memories live: absent = SQLite files under `home`; a postgres:// URL = that database. */
  store?: string;
  /** Passed to every engine; `undefined` keeps the engine's default (offline USE-lite), `null` is keyword-only. */
  embedder?: Embedder | null;
  /** Time source of every engine (tests and demos replay a past). */
  clock?: Clock;
  /** Every event of every engine, with the agent it came from (metrics listen here). */
  onEvent?: (agentId: string, event: MemoryEvent) => void;
  /**
   * Most agents kept open at once (default 64). Opening one more closes the least recently used
   * agent that no request is using (its queue flushed, its indexes released); an agent in use is
   * never closed, so the cap can be exceeded while more requests than that run at once.
   */
  maxOpenAgents?: number;
  /** An agent no request has used for this long is closed (default 10 minutes; 0 keeps agents open until the cap needs room). */
  idleCloseMs?: number;
  /** Passed to every engine (`readWorkers`): the workers are shared by all of them. */
  readWorkers?: number;
  /** Passed to every engine (`workingMemory`, e.g. Redis: its keys carry the agent), instead of each agent's snapshot file; its owner closes it. */
  workingMemory?: WorkingMemoryStore;
}

/** Opens each agent's memory on demand, keeps at most `maxOpenAgents` open, closes idle ones, closes them all on shutdown. */
export interface EngineRegistry {
  readonly home: string;
  /**
   * The agent's engine; with `create: false` an agent that has no database yet is NOT_FOUND instead of created.
   * Inside `withLeases` the engine stays open until that call ends; outside it, until the cap or the idle timer needs it.
   */
  get(agentId: string, options?: { create?: boolean }): Promise<Hippocampus>;
  /** Runs `work` (one HTTP request, one scrape) so that every engine it gets stays open until it finishes. */
  withLeases<T>(work: () => Promise<T>): Promise<T>;
  /** Agents that have memories: a database under the home directory, or rows in the store. Sorted. */
  listAgents(): Promise<string[]>;
  /** Agents whose engine is open in this process now, least recently used first. */
  openAgents(): string[];
  /** The agent's engine if it is open, without counting as a use (a metrics scrape must not keep idle agents open). */
  peek(agentId: string): Promise<Hippocampus> | undefined;
  /**
   * Whether the store answers now: resolves for SQLite files (nothing to reach), asks a shared store
   * (PostgreSQL) one trivial statement, and rejects with STORE_UNAVAILABLE when it cannot be opened or
   * does not answer within `timeoutMs`.
   */
  storeReachable(timeoutMs: number): Promise<void>;
  closeAll(): Promise<void>;
}

interface Entry {
  engine: Promise<Hippocampus>;
  leases: number;
  lastUsedAt: number;
}

/**
 * @example
 * const registry = createEngineRegistry({ home: './.hippocampus', embedder: null, maxOpenAgents: 100 });
 * const memory = await registry.get('ada', { create: true });
 * await registry.closeAll();
 */
export function createEngineRegistry(options: EngineRegistryOptions): EngineRegistry {
  const maxOpen = options.maxOpenAgents ?? DEFAULT_MAX_OPEN_AGENTS;
  const idleCloseMs = options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
  if (!(Number.isInteger(maxOpen) || maxOpen === Number.POSITIVE_INFINITY) || maxOpen < 1) {
    throw new ValidationError({ message: `maxOpenAgents must be a whole number of at least 1, got ${maxOpen}`, issues: [{ path: 'maxOpenAgents', message: 'at least 1' }] });
  }
  if (!Number.isFinite(idleCloseMs) || idleCloseMs < 0) {
    throw new ValidationError({ message: `idleCloseMs must be 0 or more milliseconds, got ${idleCloseMs}`, issues: [{ path: 'idleCloseMs', message: '0 or more' }] });
  }
  // Map order is the LRU order: an entry is moved to the end each time it is used.
  const entries = new Map<string, Entry>();
  // An agent being closed is reopened only after its close finished, so two engines never share a file.
  const closing = new Map<string, Promise<void>>();
  // The entries a request leased, not their agents' names: an entry that failed to open and the one opened after
  // it are two leases, and the request that held the first gives back only that one.
  const leaseBags = new AsyncLocalStorage<Set<Entry>>();
  const hasFile = (agentId: string) => fs.existsSync(agentPaths(options.home, agentId).longTermDatabase);
  // A shared store (PostgreSQL) is asked, through one backend the registry holds for listing.
  let listing: Promise<MemoryBackend> | undefined;
  // A store that could not be opened (the server was down) is tried again by the next call, not remembered as failed.
  const sharedStore = () => {
    if (listing !== undefined) return listing;
    const opening = openBackend({ store: options.store, home: options.home });
    listing = opening;
    opening.catch(() => {
      if (listing === opening) listing = undefined;
    });
    return opening;
  };
  const usesFiles = options.store === undefined || options.store === 'sqlite';
  // Asked of the one agent: the whole list was a scan of every agent's rows on each reopen under the cap.
  // On a shared store, working memory kept under the home is the agent's too (the store holds nothing of it yet):
  // a forget of its conversations over HTTP was NOT_FOUND.
  const exists = async (agentId: string) =>
    usesFiles ? hasFile(agentId) : fs.existsSync(workingSnapshotFile(agentPaths(options.home, agentId).root)) || (await sharedStore()).store.hasAgent(agentId);
  const now = () => Date.now();
  // After closeAll nothing opens again: an engine opened then (a consolidation pass still running, a late request)
  // was never stopped — its loop and database left open as the process exited.
  let shutDown = false;

  async function open(agentId: string): Promise<Hippocampus> {
    await closing.get(agentId);
    const engine = await createHippocampus({
      home: options.home,
      agentId,
      ...(options.store === undefined ? {} : { store: options.store }),
      ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.readWorkers === undefined ? {} : { readWorkers: options.readWorkers }),
      ...(options.workingMemory ? { workingMemory: options.workingMemory } : {}),
      ...(options.onEvent ? { onEvent: (event: MemoryEvent) => options.onEvent?.(agentId, event) } : {}),
    });
    engine.start();
    return engine;
  }

  /** Closes one agent's engine; the returned promise rejects if its stop failed (a background close ignores that, closeAll reports it). */
  function close(agentId: string, entry: Entry): Promise<unknown> {
    entries.delete(agentId);
    const stopped = entry.engine.then((engine) => engine.stop());
    const done = stopped.then(
      () => undefined,
      () => undefined,
    );
    closing.set(agentId, done);
    void done.then(() => {
      if (closing.get(agentId) === done) closing.delete(agentId);
    });
    return stopped;
  }

  function evictBeyondCap(): void {
    for (const [agentId, entry] of entries) {
      if (entries.size <= maxOpen) return;
      if (entry.leases === 0) void close(agentId, entry).catch(() => {});
    }
  }

  const sweep =
    idleCloseMs > 0
      ? setInterval(() => {
          const before = now() - idleCloseMs;
          for (const [agentId, entry] of entries) if (entry.leases === 0 && entry.lastUsedAt < before) void close(agentId, entry).catch(() => {});
        }, Math.min(idleCloseMs, 60_000))
      : null;
  sweep?.unref();

  const registry: EngineRegistry = {
    home: options.home,
    async get(agentId, { create = false } = {}) {
      const valid = parseWith(identifierSchema, agentId, 'agent id', 'INVALID_AGENT_ID');
      if (shutDown) throw new HippocampusError({ code: 'ENGINE_CLOSED', message: `The server is shutting down: agent "${valid}" is not opened` });
      let entry = entries.get(valid);
      if (entry === undefined) {
        if (!create && !(await exists(valid))) throw new NotFoundError({ what: 'Agent', id: valid });
        // Another request may have opened it while this one asked the store.
        const opening = entries.get(valid);
        if (opening !== undefined) return registry.get(valid, { create });
        // Concurrent first requests share one open instead of racing two engines onto one file.
        const engine = open(valid);
        entry = { engine, leases: 0, lastUsedAt: now() };
        const opened = entry;
        engine.catch(() => {
          if (entries.get(valid) === opened) entries.delete(valid);
        });
      } else {
        entries.delete(valid);
      }
      entries.set(valid, entry);
      entry.lastUsedAt = now();
      const bag = leaseBags.getStore();
      if (bag && !bag.has(entry)) {
        bag.add(entry);
        entry.leases += 1;
      }
      evictBeyondCap();
      return entry.engine;
    },
    async withLeases(work) {
      const bag = new Set<Entry>();
      try {
        return await leaseBags.run(bag, work);
      } finally {
        for (const entry of bag) {
          entry.leases -= 1;
          entry.lastUsedAt = now();
        }
        evictBeyondCap();
      }
    },
    async listAgents() {
      if (!usesFiles) return (await (await sharedStore()).store.listAgents()).sort();
      const directory = path.join(options.home, 'agents');
      if (!fs.existsSync(directory)) return [];
      return fs
        .readdirSync(directory, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && identifierSchema.safeParse(entry.name).success && hasFile(entry.name))
        .map((entry) => entry.name)
        .sort();
    },
    openAgents() {
      return [...entries.keys()];
    },
    peek(agentId) {
      return entries.get(agentId)?.engine;
    },
    async storeReachable(timeoutMs) {
      if (usesFiles) return;
      // Opening the store runs its migrations' first query: a server that does not answer must not hold /health.
      try {
        const backend = await withDeadline(sharedStore(), timeoutMs, () => new StoreError({ code: 'STORE_UNAVAILABLE', message: `The store did not answer within ${timeoutMs} ms` }));
        await backend.reachable?.(timeoutMs);
      } catch (error) {
        if (HippocampusError.isInstance(error) && error.code === 'STORE_UNAVAILABLE') throw error;
        throw new StoreError({ code: 'STORE_UNAVAILABLE', message: `The store cannot be opened: ${publicMessage(error as HippocampusError)}`, cause: error });
      }
    },
    async closeAll() {
      shutDown = true;
      if (sweep) clearInterval(sweep);
      const stops = [...entries].map(([agentId, entry]) => close(agentId, entry));
      const settled = await Promise.allSettled([...stops, ...closing.values()]);
      if (listing !== undefined) await (await listing).close();
      listing = undefined;
      const failure = settled.find((result) => result.status === 'rejected');
      if (failure && failure.status === 'rejected') throw failure.reason;
    },
  };
  return registry;
}
