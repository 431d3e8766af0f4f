import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O & { help: { type: 'boolean'; short: 'h' } } }>>['values'];

/**
 * The flags of a command, with --help/-h. Returns the values, or the exit code when the command should
 * stop: 0 after printing the usage for --help, 2 after printing the error and the usage for a bad flag.
 */
export function readFlags<O extends Options>(options: O, usage: string, argv: string[] = process.argv.slice(2)): Values<O> | number {
  // `pnpm <script> -- --flag` (and `npm run <script> -- --flag`) hands the `--` on to the command; none of these
  // commands takes positional arguments, so a leading `--` is the package manager's, not the end of the flags.
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  try {
    const { values } = parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } } as O & { help: { type: 'boolean'; short: 'h' } } });
    if ((values as { help?: boolean }).help) {
      console.log(usage);
      return 0;
    }
    return values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
}
