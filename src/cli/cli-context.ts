import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { agentPaths } from '../config/agent-paths.ts';
import { resolveHome } from '../config/resolve-home.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { createHippocampus, type Hippocampus } from '../memory/hippocampus.ts';

export interface GlobalOptions {
  home?: string;
  agent?: string;
  json?: boolean;
}

/** What every command gets: where to print, and how to open the agent's memory. */
export interface CliContext {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  globals(command: Command): GlobalOptions & { home: string; agent: string };
  /**
   * Opens the agent for the command. Only commands that write (`create: true`) may bring a new agent
   * into being; a read command on an agent that does not exist is NOT_FOUND naming the agents there are,
   * so a misspelled --agent never leaves an empty agent behind.
   */
  withMemory<T>(command: Command, work: (memory: Hippocampus) => Promise<T>, options?: { create?: boolean }): Promise<T>;
  /** `withMemory` for a command that writes: it creates the agent on first use. */
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
      return { ...options, home: resolveHome(options.home), agent: options.agent ?? 'default' };
    },
    agentsIn(home) {
      const directory = path.join(home, 'agents');
      if (!fs.existsSync(directory)) return [];
      return fs
        .readdirSync(directory)
        .filter((name) => fs.existsSync(agentPaths(home, name).longTermDatabase))
        .sort();
    },
    async withMemory(command, work, { create = false } = {}) {
      const { home, agent } = context.globals(command);
      // An agent folder without its database is not "unknown": the engine refuses it as DATABASE_MISSING.
      if (!create && !fs.existsSync(agentPaths(home, agent).root)) {
        const known = context.agentsIn(home);
        throw new NotFoundError({ what: 'Agent', id: agent, hint: known.length > 0 ? `agents under ${home}: ${known.slice(0, 20).join(', ')}; pick one with --agent` : `there are no agents under ${home} yet (check --home or HIPPOCAMPUS_HOME)` });
      }
      const memory = await createHippocampus({ home, agentId: agent });
      try {
        return await work(memory);
      } finally {
        await memory.stop();
      }
    },
    writeMemory(command, work) {
      return context.withMemory(command, work, { create: true });
    },
    print(command, value, human) {
      context.stdout(command.optsWithGlobals<GlobalOptions>().json ? JSON.stringify(value, null, 2) : human());
    },
  };
  return context;
}
