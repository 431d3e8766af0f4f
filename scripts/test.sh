#!/usr/bin/env bash
# The full test suite: install, typecheck, lint (ESLint, then the API's OpenAPI document with Spectral), build, then the check of the browser chunks (no TypeBox in them);
# the API tests on SQLite, the front-end component tests, the end-to-end suites in Debian's chromium against the
# built site, the cluster suite (tests-cluster: HAProxy in front of two APIs and two shell servers), then the API
# tests on PostgreSQL, then the load run (pnpm test:reliability: the built API under 100 connections for 30 s, on
# SQLite and on PostgreSQL).
# PostgreSQL: TEST_DATABASE_URL if set, else the local server at 127.0.0.1:5432 if it answers (a throwaway
# database is created and dropped); with neither, only that pass is skipped, and the summary says so.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { npx -y pnpm@10.34.8 "$@"; }
results=.test-results
rm -rf "$results" && mkdir -p "$results"

pnpm install --frozen-lockfile
echo "== typecheck"; pnpm exec tsc -p tsconfig.json && pnpm exec tsc -p tsconfig.web.json
echo "== lint"; pnpm exec eslint .
echo "== openapi lint (Spectral spectral:oas)"; pnpm run lint:openapi
echo "== build"; pnpm run build

status=0
run_api_tests() { # $1: pass name; the rest: environment for the pass
  local name=$1; shift
  echo "== api tests on $name"
  (cd api && env "$@" ../node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json="../$results/api-$name.json") || status=1
}
run_load() { # pnpm test:reliability (api/reliability/load-run.ts); the arguments: its environment
  echo "== load: 100 connections for 30 s against the API, on SQLite${1:+ and on PostgreSQL}"
  (export "$@" LOAD_JSON="$PWD/$results/load.json" && pnpm run test:reliability) || status=1
}

echo "== browser chunks: no TypeBox and no server-only module in what a browser downloads"
node scripts/check-browser-chunks.mjs --json "$results/browser-chunks.json" || status=1

run_api_tests sqlite TEST_DB=sqlite

echo "== script tests (the browser-chunk check)"
node_modules/.bin/vitest run --dir scripts --reporter=default --reporter=json --outputFile.json="$results/scripts.json" || status=1

echo "== lint rule tests (the import boundaries reject their fixtures)"
node_modules/.bin/vitest run --dir lint --reporter=default --reporter=json --outputFile.json="$results/lint-rules.json" || status=1

for package in shared-ui shell mf-catalogue mf-product mf-search mf-account mf-admin; do
  echo "== component tests of $package"
  (cd "$package" && ../node_modules/.bin/vitest run --passWithNoTests --reporter=default --reporter=json --outputFile.json="../$results/web-$package.json") || status=1
done

echo "== end-to-end tests (the built site in chromium)"
if [ -x /usr/bin/chromium ]; then
  (cd tests-e2e && node_modules/.bin/playwright test) || status=1
else
  echo "The browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)." | tee "$results/e2e-missing-browser.txt"
  status=1
fi

echo "== cluster tests (HAProxy in front of two APIs and two shell servers; PostgreSQL, Redis, images in Swift through S3)"
# With CI=true a missing HAProxy, PostgreSQL or Swift fails the suite; elsewhere it is skipped, and the summary says so.
(cd tests-cluster && IMAGE_STORE="${CLUSTER_IMAGE_STORE:-s3}" ../node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile.json="../$results/cluster.json") || status=1

created_db=""
pg_url=${TEST_DATABASE_URL:-}
if [ -z "$pg_url" ] && pg_url=$(node api/scripts/test-database.mjs create 2>"$results/pg-probe.log"); then
  created_db=$pg_url
fi
if [ -n "$pg_url" ]; then
  run_api_tests postgres TEST_DB=postgres TEST_DATABASE_URL="$pg_url"
  # Before the drop: the load run makes (and drops) a database of its own on the server this URL names.
  run_load TEST_DATABASE_URL="$pg_url"
  [ -n "$created_db" ] && node api/scripts/test-database.mjs drop "$created_db" || true
else
  echo "== PostgreSQL not reachable ($(cat "$results/pg-probe.log")): the PostgreSQL pass is SKIPPED" | tee "$results/postgres-skipped.txt"
  run_load
fi

node scripts/test-summary.mjs "$results" || status=1
exit $status
