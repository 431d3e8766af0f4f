// Adds up the Vitest JSON reports of every pass into one closing line: "N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.test-results';
let passed = 0, failed = 0, skipped = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += report.numPassedTests;
  // A file that fails to load has no failed test of its own but must still count.
  const brokenFiles = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  failed += report.numFailedTests + brokenFiles;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${file.replace(/\.json$/, '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (existsSync(join(dir, 'postgres-skipped.txt'))) console.log('postgres pass: skipped (PostgreSQL not reachable)');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
