#!/usr/bin/env bash
# Installs, builds and starts Linkhunt: the API on the embedded default (SQLite; demo data seeded on first start),
# the shell on :5000 and its five remotes on :5001-5005. Ctrl-C stops everything.
# `start.sh cluster` (npm run start:cluster) starts the cluster of docs/deploying.md instead: HAProxy in front of two
# APIs and two shell servers on PostgreSQL, Redis and Swift (scripts/cluster/start-cluster.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { npx -y pnpm@10.34.8 "$@"; }

pnpm install --frozen-lockfile
pnpm run build
if [ "${1:-}" = cluster ]; then exec node scripts/cluster/start-cluster.mjs; fi
exec node scripts/run-site.mjs
