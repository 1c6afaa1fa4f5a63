#!/usr/bin/env bash
# The web client's checks, end to end: installs Debian's Chromium if missing, the npm
# dev tools (npm ci), type-checks the client (tsc --checkJs), runs the unit tests, then
# starts a real hesy server on a free port and drives it with Playwright browsers.
#
#   HESY_BIN=/path/to/hesy   use this server binary (default: cargo build, target/debug/hesy)
#   HESY_SHOTS=/some/dir     where screenshots go (default: client-web/test-results)
#   DATABASE_URL=postgres://… a Postgres whose server tests/e2e/outage.test.js may create a
#                            database on (skipped without one)
set -euo pipefail
cd "$(dirname "$0")"
WEB="$(pwd)"
ROOT="$(cd .. && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

npm ci --no-audit --no-fund --loglevel=error
npx tsc -p jsconfig.json
node --test tests/unit/

if [ -z "${HESY_BIN:-}" ]; then
  (cd "$ROOT" && cargo build --locked --bin hesy)
  HESY_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/hesy"
fi

PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
LOG="$(mktemp)"
DATA="$(mktemp -d)"
# The browsers test the client, not the store: their games go to a throwaway SQLite file
# (the replay reads the archive), never to the caller's DATABASE_URL. Every browser comes
# from this one address, creating rooms far faster than people do: its limits are opened up.
HESY_ROOM_BURST=100000 HESY_SEAT_BURST=100000 HESY_LOOKUP_BURST=100000 DATABASE_URL="sqlite://$DATA/e2e.sqlite3" HESY_ADDR="127.0.0.1:$PORT" HESY_STATIC_DIR="$WEB" HESY_PUBLIC_URL="http://127.0.0.1:$PORT" RUST_LOG=warn \
  "$HESY_BIN" >"$LOG" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; rm -rf "$LOG" "$DATA"' EXIT

for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then cat "$LOG"; echo "the server did not start" >&2; exit 1; fi
  sleep 0.1
done

# The outage test runs a server of its own on a fresh database of the caller's Postgres.
HESY_URL="http://127.0.0.1:$PORT" HESY_BIN="$HESY_BIN" HESY_PG_URL="${DATABASE_URL:-}" node --test --test-concurrency=1 tests/e2e/
