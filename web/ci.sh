#!/usr/bin/env bash
# The browser page's CI step: installs what it needs (the wasm32 target, wasm-bindgen-cli at
# the version Cargo.lock pins, Debian's Chromium, the npm packages of package-lock.json),
# builds the site with `cargo xtask web`, and runs the Playwright suite (one spec a game) in
# headless Chromium. A part that cannot be installed on this machine is named and the step
# is skipped, not failed.
set -euo pipefail
cd "$(dirname "$0")/.."

skip() { echo "web: $* -- the browser step is SKIPPED on this machine"; exit 0; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || skip "the wasm32-unknown-unknown target cannot be added"
fi

version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$version" ]; then
    echo "web: installing wasm-bindgen-cli $version"
    # --locked first; its lock file may pin a crate the registry no longer offers, then
    # the newest compatible versions.
    cargo install wasm-bindgen-cli --version "$version" --locked >/dev/null 2>&1 \
        || cargo install wasm-bindgen-cli --version "$version" >/dev/null 2>&1 \
        || skip "wasm-bindgen-cli $version cannot be installed"
fi

chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
    echo "web: installing Debian's chromium"
    { apt-get update && apt-get install -y chromium; } >/dev/null 2>&1 || skip "chromium cannot be installed"
fi
export CHROMIUM="$chromium"

command -v npm >/dev/null 2>&1 || skip "npm is not on this machine"
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" -ge 20 ] || skip "node $node_major is older than the 20 that Vite needs"

(cd web && npm ci --no-audit --no-fund >/dev/null) || skip "npm ci failed (the npm registry cannot be reached?)"

cargo xtask web
gzipped=$(find web/dist -type f -exec gzip -9c {} \; | wc -c)
echo "web: web/dist is $(du -sb web/dist | cut -f1) bytes, $gzipped gzipped (gzip -9 file by file)"

cd web
CI=1 npx playwright test
