// @ts-check
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./test-summary.mjs', import.meta.url));
const run = promisify(execFile);
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The summary's output and exit code over these reports. */
async function summarise(reports) {
  dir = await mkdtemp(join(tmpdir(), 'linkhunt-summary-'));
  for (const [name, report] of Object.entries(reports)) await writeFile(join(dir, `${name}.json`), JSON.stringify(report));
  return run(process.execPath, [SCRIPT, dir]).then(
    ({ stdout }) => ({ stdout, code: 0 }),
    (error) => ({ stdout: String(error.stdout), code: Number(error.code) }),
  );
}

const playwright = (status) => ({
  stats: { expected: status === 'expected' ? 1 : 0, unexpected: status === 'unexpected' ? 1 : 0, flaky: status === 'flaky' ? 1 : 0, skipped: 0 },
  errors: [],
  suites: [{ title: 'a.spec.ts', suites: [{ title: 'group', specs: [{ title: 'opens the page', file: 'a.spec.ts', line: 12, tests: [{
    status, projectName: 'parallel',
    results: status === 'expected' ? [{ status: 'passed' }] : [{ status: 'failed', error: { message: '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: getByRole(\'dialog\')' } }, { status: 'passed' }],
  }] }] }] }],
});
const vitest = (failed) => ({
  numPassedTests: 1, numFailedTests: failed ? 1 : 0, numPendingTests: 0, numTodoTests: 0, success: !failed,
  testResults: [{ name: join(process.cwd(), 'api/src/server.test.ts'), status: failed ? 'failed' : 'passed', assertionResults: [
    { status: 'passed', fullName: 'answers' },
    ...(failed ? [{ status: 'failed', fullName: 'exits on SIGTERM', failureMessages: [`AssertionError: expected 1 to be +0 // Object.is equality\n\n- Expected\n+ Received\n\n- 0\n+ 1\n    at file:///repo/node_modules/@vitest/runner/dist/index.js:1:1\n    at /repo/api/src/server.test.ts:40:7\n${'    at file:///repo/node_modules/@vitest/runner/dist/index.js:2:2\n'.repeat(30)}`] }] : []),
  ] }],
});

it('names every failed and flaky test in its closing lines, each with the start of its error, and fails', async () => {
  const { stdout, code } = await summarise({ e2e: playwright('flaky'), api: vitest(true), load: { checks: [{ name: 'no 5xx answer', passed: false, detail: '3 answers 500' }] } });
  assert.equal(code, 1);
  // A CI log keeps only its end in view: what went wrong must be there, not only which test.
  assert.equal(stdout.slice(stdout.indexOf('failed:\n')), [
    'failed:',
    '  api: api/src/server.test.ts > exits on SIGTERM',
    '      AssertionError: expected 1 to be +0 // Object.is equality',
    '      - Expected',
    '      + Received',
    '      - 0',
    '      + 1',
    '      at /repo/api/src/server.test.ts:40:7',
    '  e2e: a.spec.ts:12 opens the page (flaky) [parallel]',
    '      Error: expect(locator).toBeVisible() failed',
    '      Locator: getByRole(\'dialog\')',
    '  load: no 5xx answer',
    '      3 answers 500',
    '1 passed, 3 failed, 0 skipped',
    '',
  ].join('\n'));
});

it('lists nothing when all passed', async () => {
  const { stdout, code } = await summarise({ e2e: playwright('expected'), api: vitest(false) });
  assert.equal(code, 0);
  assert.doesNotMatch(stdout, /failed:/);
  assert.match(stdout, /^2 passed, 0 failed, 0 skipped$/m);
});
