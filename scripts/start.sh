#!/usr/bin/env bash
# Installs, builds and starts Linkhunt: the API on the embedded default (SQLite; demo data seeded on first start),
# the shell on :5000 and its five remotes on :5001-5005. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { npx -y pnpm@10.34.8 "$@"; }

pnpm install --frozen-lockfile
pnpm run build
exec node scripts/run-site.mjs
