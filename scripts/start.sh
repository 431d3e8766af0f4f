#!/usr/bin/env bash
# Installs, builds and starts Linkhunt on the embedded default (SQLite; demo data seeded on first start).
set -euo pipefail
cd "$(dirname "$0")/.."
pnpm() { npx -y pnpm@10.34.8 "$@"; }

pnpm install --frozen-lockfile
pnpm run build
exec node api/dist/server.js
