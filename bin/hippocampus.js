#!/usr/bin/env node
// The package runs its TypeScript sources through tsx, so there is no build step between a change and the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv);
