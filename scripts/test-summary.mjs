// Adds up the JSON reports of every pass (Vitest's, Playwright's for the browser tests, and the load run's checks)
// into one closing line: "N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? '.test-results';
let passed = 0, failed = 0, skipped = 0;
// The closing lines are what a CI log keeps in view, so each failure is named there, not only counted.
const failures = [];

/** Playwright's tests that failed or passed only on retry, with where they are. */
function playwrightFailures(suite, found = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        found.push(`${spec.file}:${spec.line} ${spec.title}${test.status === 'flaky' ? ' (flaky)' : ''}${test.projectName ? ` [${test.projectName}]` : ''}`);
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, found);
  return found;
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const name = file.replace(/\.json$/, '');
  if (Array.isArray(report.checks)) {
    // The load run (api/reliability/load-run.ts): each of its checks counts as one test.
    const failedHere = report.checks.filter((c) => !c.passed).length;
    for (const check of report.checks.filter((c) => !c.passed)) failures.push(`${name}: ${check.name}`);
    passed += report.checks.length - failedHere;
    failed += failedHere;
    console.log(`${name}: ${report.checks.length - failedHere} passed, ${failedHere} failed`);
    continue;
  }
  if (report.stats && report.suites) {
    // Playwright. A flaky test passed only on retry: it is a failing test. An error outside any test (global
    // setup failing, a spec that does not load) runs no test at all but must still count as a failure.
    const { expected, unexpected, flaky, skipped: skippedHere } = report.stats;
    const errors = report.errors?.length ?? 0;
    passed += expected;
    failed += unexpected + flaky + errors;
    skipped += skippedHere;
    for (const suite of report.suites) failures.push(...playwrightFailures(suite).map((line) => `${name}: ${line}`));
    for (const error of report.errors ?? []) failures.push(`${name}: ${String(error.message ?? '').split('\n')[0]}`);
    const notes = [flaky ? `${flaky} flaky, passed only on retry` : '', errors ? `${errors} error${errors === 1 ? '' : 's'} outside tests` : ''].filter(Boolean);
    console.log(`${name}: ${expected} passed, ${unexpected + flaky + errors} failed${notes.length ? ` (${notes.join(', ')})` : ''}`);
    continue;
  }
  passed += report.numPassedTests;
  // A file that fails to load or whose hooks fail has no failed test of its own (its tests are skipped) but
  // must still count, and so must an error Vitest caught outside any file.
  const brokenFiles = report.testResults.filter(
    (r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  for (const result of report.testResults) {
    const file = relative(process.cwd(), result.name);
    for (const assertion of result.assertionResults) {
      if (assertion.status === 'failed') failures.push(`${name}: ${file} > ${assertion.fullName}`);
    }
    if (result.status === 'failed' && !result.assertionResults.some((a) => a.status === 'failed')) failures.push(`${name}: ${file} (failed outside its tests)`);
  }
  let failedHere = report.numFailedTests + brokenFiles;
  if (report.success === false && failedHere === 0) failedHere = 1;
  failed += failedHere;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${name}: ${report.numPassedTests} passed, ${failedHere} failed${brokenFiles ? ` (${brokenFiles} file${brokenFiles === 1 ? '' : 's'} failed outside tests)` : ''}`);
}
if (existsSync(join(dir, 'postgres-skipped.txt'))) console.log('postgres pass: skipped (PostgreSQL not reachable)');
if (failures.length) console.log(`failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
// The summary decides too: a count the runners' exit codes missed (a flaky test) still fails the run.
if (failed > 0) process.exitCode = 1;
