// Adds up the JSON reports of every pass (Vitest's, Playwright's for the browser tests, and the load run's checks)
// into one closing line: "N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? '.test-results';
let passed = 0, failed = 0, skipped = 0;
// The closing lines are what a CI log keeps in view, so each failure is named there, not only counted, with
// the start of its error: a failure that happens once in a hundred runs must be understood from that log alone.
const failures = [];
const EXCERPT_LINES = 6;

/**
 * The first lines of an error's message, without colours or blank lines, and of its stack only the first frame
 * outside node_modules (the test's line); "…" when there is more.
 */
function excerpt(message) {
  // eslint-disable-next-line no-control-regex -- the runners' colour codes
  const all = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trim()).filter(Boolean);
  const isFrame = (line) => line.startsWith('at ');
  const ownFrame = all.find((line) => isFrame(line) && !line.includes('node_modules'));
  const lines = [...all.filter((line) => !isFrame(line)), ...(ownFrame ? [ownFrame] : [])];
  const kept = lines.slice(0, EXCERPT_LINES).map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
  return lines.length > EXCERPT_LINES ? [...kept, '…'] : kept;
}
const failure = (line, message) => ({ line, details: excerpt(message) });

/** Playwright's tests that failed or passed only on retry, with where they are. */
function playwrightFailures(suite, found = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const error = (test.results ?? []).find((result) => result.error)?.error;
        found.push(failure(`${spec.file}:${spec.line} ${spec.title}${test.status === 'flaky' ? ' (flaky)' : ''}${test.projectName ? ` [${test.projectName}]` : ''}`, error?.message));
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
    for (const check of report.checks.filter((c) => !c.passed)) failures.push(failure(`${name}: ${check.name}`, check.detail));
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
    for (const suite of report.suites) failures.push(...playwrightFailures(suite).map((found) => ({ ...found, line: `${name}: ${found.line}` })));
    for (const error of report.errors ?? []) failures.push(failure(`${name}: an error outside any test`, error.message));
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
      if (assertion.status === 'failed') failures.push(failure(`${name}: ${file} > ${assertion.fullName}`, assertion.failureMessages?.[0]));
    }
    if (result.status === 'failed' && !result.assertionResults.some((a) => a.status === 'failed')) failures.push(failure(`${name}: ${file} (failed outside its tests)`, result.message));
  }
  let failedHere = report.numFailedTests + brokenFiles;
  if (report.success === false && failedHere === 0) failedHere = 1;
  failed += failedHere;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${name}: ${report.numPassedTests} passed, ${failedHere} failed${brokenFiles ? ` (${brokenFiles} file${brokenFiles === 1 ? '' : 's'} failed outside tests)` : ''}`);
}
if (existsSync(join(dir, 'postgres-skipped.txt'))) console.log('postgres pass: skipped (PostgreSQL not reachable)');
if (failures.length) console.log(['failed:', ...failures.flatMap(({ line, details }) => [`  ${line}`, ...details.map((detail) => `      ${detail}`)])].join('\n'));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
// The summary decides too: a count the runners' exit codes missed (a flaky test) still fails the run.
if (failed > 0) process.exitCode = 1;
