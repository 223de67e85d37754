import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { agentPaths } from '../config/agent-paths.ts';
import { resolveHome, resolveStore } from '../config/resolve-home.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';
import { openBackend, openRedisWorkingMemory } from '../stores/open-backend.ts';
import { workingSnapshotFile } from '../working/working-snapshot.ts';

export interface GlobalOptions {
  home?: string;
  agent?: string;
  store?: string;
  json?: boolean;
}

/** What every command gets: where to print, and how to open the agent's memory. */
export interface CliContext {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  globals(command: Command): GlobalOptions & { home: string; agent: string; store?: string };
  /**
   * Opens the agent for the command. Only commands that write (`create: true`) may bring a new agent
   * into being; a read command on an agent that does not exist is NOT_FOUND naming the agents there are,
   * so a misspelled --agent never leaves an empty agent behind.
   */
  withMemory<T>(command: Command, work: (memory: Hippocampus) => Promise<T>, options?: { create?: boolean; redisUrl?: string | undefined; unmakeIfEmpty?: boolean }): Promise<T>;
  /**
   * `withMemory` for a command that writes to the agent's store: it creates the agent on first use, and takes a
   * new agent away again when the command wrote nothing to it.
   */
  writeMemory<T>(command: Command, work: (memory: Hippocampus) => Promise<T>): Promise<T>;
  /** The agents that exist under the home, sorted. */
  agentsIn(home: string): string[];
  print(command: Command, value: unknown, human: () => string): void;
}

export function createCliContext(io: { stdout: (text: string) => void; stderr: (text: string) => void }): CliContext {
  const context: CliContext = {
    ...io,
    globals(command) {
      const options = command.optsWithGlobals<GlobalOptions>();
      const store = resolveStore(options.store);
      return { ...options, home: resolveHome(options.home), agent: options.agent ?? 'default', ...(store === undefined ? {} : { store }) };
    },
    agentsIn(home) {
      const directory = path.join(home, 'agents');
      if (!fs.existsSync(directory)) return [];
      return fs
        .readdirSync(directory)
        .filter((name) => fs.existsSync(agentPaths(home, name).longTermDatabase))
        .sort();
    },
    async withMemory(command, work, { create = false, redisUrl, unmakeIfEmpty = false } = {}) {
      const { home, agent, store } = context.globals(command);
      const filesOnly = store === undefined || store === 'sqlite';
      // An agent whose database was opened here (its marker) is not "unknown" when the file is gone: the engine
      // refuses it as DATABASE_MISSING. A folder with neither (session logs of an agent served from PostgreSQL) is.
      const paths = agentPaths(home, agent);
      if (!create && filesOnly && !fs.existsSync(paths.longTermDatabase) && !fs.existsSync(paths.marker)) {
        const known = context.agentsIn(home);
        throw new NotFoundError({ what: 'Agent', id: agent, hint: known.length > 0 ? `agents under ${home}: ${known.slice(0, 20).join(', ')}; pick one with --agent` : `there are no agents under ${home} yet (check --home or HIPPOCAMPUS_HOME)` });
      }
      // Working memory kept under --home (`working store`) is the agent's even while its store holds nothing of it
      // yet: on PostgreSQL `working stats`, `working search` and `forget <conversation id>` said NOT_FOUND to it.
      if (!create && !filesOnly && !fs.existsSync(workingSnapshotFile(paths.root))) {
        // A shared store holds every agent: one it does not know is NOT_FOUND, as a missing folder is, and
        // asked before an engine opens (opening binds the embedding model: a row for a misspelled agent).
        const backend = await openBackend({ store, home });
        // The whole list only for the hint of a miss: asking it first scanned every agent's rows on each command.
        let known: string[] | null;
        try {
          known = (await backend.store.hasAgent(agent)) ? null : await backend.store.listAgents();
        } finally {
          await backend.close();
        }
        if (known !== null) throw new NotFoundError({ what: 'Agent', id: agent, hint: known.length > 0 ? `agents in the store: ${known.slice(0, 20).join(', ')}; pick one with --agent` : 'the store holds no agents yet' });
      }
      // A write command that makes the agent and then fails on what it finds (a messages table the new file
      // cannot hold, a --db that is not SQLite) left an empty agent every read command then took for real.
      const made = create && filesOnly && !fs.existsSync(paths.root);
      // --redis: the engine's working memory (its forget drops conversations there too), closed with it.
      const workingMemory = redisUrl === undefined ? undefined : await openRedisWorkingMemory({ url: redisUrl });
      const memory = await createHippocampus({ home, agentId: agent, ...(store === undefined ? {} : { store }), ...(workingMemory ? { workingMemory } : {}) }).catch(async (error: unknown) => {
        await workingMemory?.close();
        throw error;
      });
      let unmake = false;
      try {
        const result = await work(memory);
        // A write command that wrote nothing (watch --once of an empty transcript, import of an empty mirror) left
        // an empty agent every read command then took for real, as a failed one did.
        // Only for a command that writes to the store: `working store` keeps an agent it stored nothing else for.
        unmake = unmakeIfEmpty && made && (await leftEmpty(memory));
        return result;
      } catch (error) {
        // The command's own error is what the user sees; an agent that cannot be read is kept. Empty as on success:
        // the failure path asked the store alone, and took away an agent whose working memory (the snapshot beside
        // it, or Redis with --redis) held a conversation, which no command could reach without the agent.
        unmake = made && (await leftEmpty(memory));
        throw error;
      } finally {
        await memory.stop();
        await workingMemory?.close();
        if (unmake) fs.rmSync(paths.root, { recursive: true, force: true });
      }
    },
    writeMemory(command, work) {
      return context.withMemory(command, work, { create: true, unmakeIfEmpty: true });
    },
    print(command, value, human) {
      context.stdout(command.optsWithGlobals<GlobalOptions>().json ? JSON.stringify(value, null, 2) : human());
    },
  };
  return context;
}

/**
 * Whether a new agent was left holding nothing (no memory, block, skill, watched source, working-memory snapshot, or
 * conversation in the working memory the engine was given: Redis with --redis), so its folder can go; false when
 * that cannot be read (the agent is kept). What the CLI's success and failure paths both ask.
 */
export async function leftEmpty(memory: Hippocampus): Promise<boolean> {
  if (fs.existsSync(workingSnapshotFile(agentPaths(memory.home, memory.agentId).root))) return false;
  const workingHoldsNothing = async () => memory.workingMemory === undefined || (await memory.workingMemory.getAll({ agentId: memory.agentId }, 1)).length === 0;
  return (await workingHoldsNothing().catch(() => false)) && holdsNothing(memory).catch(() => false);
}

/** Whether an agent holds nothing at all: no memory, block, skill or watched source. */
async function holdsNothing(memory: Hippocampus): Promise<boolean> {
  const scope = { agentId: memory.agentId };
  const { blocks, skills, watermarks } = memory.backend;
  const counts = await Promise.all([memory.store.count(scope), blocks ? blocks.list(scope).then((all) => all.length) : 0, skills ? skills.list(scope).then((all) => all.length) : 0, watermarks ? watermarks.list(scope).then((all) => all.length) : 0]);
  return counts.every((count) => count === 0);
}
