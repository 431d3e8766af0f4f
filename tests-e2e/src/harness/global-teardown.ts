import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { STACK_ENV } from './stack.ts';
import './global-setup.ts';

/** Stops what global setup started and removes its temporary folder. */
export default async function globalTeardown(): Promise<void> {
  const teardown = globalThis.linkhuntE2eTeardown;
  globalThis.linkhuntE2eTeardown = undefined;
  if (teardown) return teardown();
  // Setup failed half-way or ran elsewhere: at least leave no temporary folder behind.
  const stackFile = process.env[STACK_ENV];
  if (stackFile) await rm(dirname(stackFile), { recursive: true, force: true });
}
