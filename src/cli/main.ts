import { Command, CommanderError } from 'commander';
import { HippocampusError } from '../errors/hippocampus-error.ts';
import { FAILED_QUERY } from '../errors/store-error.ts';
import { packageInfo } from '../server/routes/system-routes.ts';
import { createCliContext } from './cli-context.ts';
import { registerBenchCommand } from './commands/bench-command.ts';
import { registerSearchCommands } from './commands/search-commands.ts';
import { registerDataCommands } from './commands/data-commands.ts';
import { registerDemoCommand } from './commands/demo-command.ts';
import { registerLayerCommands } from './commands/layer-commands.ts';
import { registerLiveCommands } from './commands/live-commands.ts';
import { registerMemoryCommands } from './commands/memory-commands.ts';
import { registerMcpCommand } from './commands/mcp-command.ts';
import { registerServeCommand } from './commands/serve-command.ts';
import { terminalSafe } from './terminal-text.ts';

/** Builds the `hippocampus` command line. Commands are thin: all logic lives in the engine. */
export function createProgram(
  io = { stdout: (text: string) => console.log(text), stderr: (text: string) => console.error(text) },
  options: { jsonErrors?: boolean } = {},
): Command {
  const context = createCliContext(io);
  const program = new Command('hippocampus')
    .description('Long-term memory for LLM agents: offline, forgets on purpose, explains every recall')
    .option('--home <dir>', 'data directory (default: $HIPPOCAMPUS_HOME or ./.hippocampus)')
    .option('--agent <id>', 'agent id', 'default')
    .option('--store <url>', "where memories live: 'sqlite' (files under --home) or a postgres:// URL (default: $HIPPOCAMPUS_STORE, else sqlite)")
    .option('--json', 'print JSON (errors too: one JSON object on stderr)')
    .option('--debug', 'print the stack trace of an error')
    .version(packageInfo().version, '-V, --version', 'print the version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text.trimEnd()),
      writeErr: (text) => io.stderr(text.trimEnd()),
      // With --json a usage error is printed by main() as the one JSON object every other error is.
      outputError: (text, write) => (options.jsonErrors ? undefined : write(text)),
    });
  registerMemoryCommands(program, context);
  registerLayerCommands(program, context);
  registerSearchCommands(program, context);
  registerDataCommands(program, context);
  registerDemoCommand(program, context);
  registerBenchCommand(program, context);
  registerMcpCommand(program, context);
  registerServeCommand(program, context);
  registerLiveCommands(program, context);
  return program;
}

/**
 * Runs the CLI; returns the exit code: 0, 2 for a usage error (bad flags or input), 1 for a failure.
 * An error is one line on stderr (`--json`: one JSON object `{ "error": { code, message } }`); the
 * stack trace only with `--debug`.
 */
export async function main(argv: string[], io?: { stdout: (text: string) => void; stderr: (text: string) => void }): Promise<number> {
  const raw = io ?? { stdout: (text: string) => console.log(text), stderr: (text: string) => console.error(text) };
  // Memories, transcript lines and errors quoting them reach the terminal shown, never acted on.
  const shown = { stdout: (text: string) => raw.stdout(terminalSafe(text)), stderr: (text: string) => raw.stderr(terminalSafe(text)) };
  const flags = { json: argv.includes('--json'), debug: argv.includes('--debug') };
  const program = createProgram(shown, { jsonErrors: flags.json });
  const stderr = shown.stderr;
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return 0;
      const message = error.message.replace(/^error: /, '').split('\n').map((line) => line.trim()).filter(Boolean).join(' ');
      // A command group given no subcommand has printed its help already (commander.help).
      if (flags.json && error.code !== 'commander.help') stderr(JSON.stringify({ error: { code: 'VALIDATION_ERROR', message } }));
      return 2;
    }
    const code = HippocampusError.isInstance(error) ? error.code : 'INTERNAL_ERROR';
    // One line, without a store error's failed query and parameters (--debug shows them); every other line of the message is
    // kept (an invalid mirror index printed "… is not a valid memory index:" and none of its reasons).
    const whole = error instanceof Error ? error.message : String(error);
    const full = whole.includes(FAILED_QUERY) ? whole.slice(0, whole.indexOf(FAILED_QUERY)) : whole;
    const message = full.split('\n').map((line) => line.trim()).filter((line) => line.length > 0).join(' ');
    stderr(flags.json ? JSON.stringify({ error: { code, message } }) : `error [${code}]: ${message}`);
    if (flags.debug && error instanceof Error && error.stack) stderr(error.stack);
    return code === 'VALIDATION_ERROR' || code.startsWith('INVALID') ? 2 : 1;
  }
}
