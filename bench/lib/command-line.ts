/**
 * A bench's command line: `option('size', '100000')` is the value after `--size` (or the fallback),
 * `flag('vectors')` whether `--vectors` was given.
 *
 * @example
 * const { option, flag } = commandLine();
 * const data = option('data', '../shared/data/locomo');
 */
export function commandLine(argv: readonly string[] = process.argv.slice(2)): { args: readonly string[]; option: (name: string, fallback: string) => string; flag: (name: string) => boolean } {
  return {
    args: argv,
    option: (name, fallback) => {
      const index = argv.indexOf(`--${name}`);
      return index >= 0 && index + 1 < argv.length ? argv[index + 1]! : fallback;
    },
    flag: (name) => argv.includes(`--${name}`),
  };
}
