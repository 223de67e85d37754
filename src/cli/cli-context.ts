import { Command } from 'commander';
import { resolveHome } from '../config/resolve-home.ts';
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
  withMemory<T>(command: Command, work: (memory: Hippocampus) => Promise<T>): Promise<T>;
  print(command: Command, value: unknown, human: () => string): void;
}

export function createCliContext(io: { stdout: (text: string) => void; stderr: (text: string) => void }): CliContext {
  const context: CliContext = {
    ...io,
    globals(command) {
      const options = command.optsWithGlobals<GlobalOptions>();
      return { ...options, home: resolveHome(options.home), agent: options.agent ?? 'default' };
    },
    async withMemory(command, work) {
      const { home, agent } = context.globals(command);
      const memory = await createHippocampus({ home, agentId: agent });
      try {
        return await work(memory);
      } finally {
        await memory.stop();
      }
    },
    print(command, value, human) {
      context.stdout(command.optsWithGlobals<GlobalOptions>().json ? JSON.stringify(value, null, 2) : human());
    },
  };
  return context;
}
