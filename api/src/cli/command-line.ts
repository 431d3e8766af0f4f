import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O & { help: { type: 'boolean'; short: 'h' } } }>>['values'];

/**
 * The flags of a command, with --help/-h. Returns the values, or the exit code when the command should
 * stop: 0 after printing the usage for --help, 2 after printing the error and the usage for a bad flag.
 */
export function readFlags<O extends Options>(options: O, usage: string): Values<O> | number {
  try {
    const { values } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } } as O & { help: { type: 'boolean'; short: 'h' } } });
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
