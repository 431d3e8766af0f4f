import { runPlatformCli } from './features/platform/deploy/platform-cli-commands.ts';

/**
 * `node shell/dist-server/platform-cli.js <command>` (the root scripts remote:deploy, remote:rollback,
 * remote:history, remote:credential): a team's way to the shell server's platform API (docs/platform.md).
 */
process.exitCode = await runPlatformCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  // Where main.ts keeps it by default, beside dist-server.
  defaultStateDir: new URL('../platform-state', import.meta.url).pathname,
});
