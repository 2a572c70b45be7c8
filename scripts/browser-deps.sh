#!/usr/bin/env bash
# What the browser tests (tests/browser) need beyond scripts/deps.sh:
# Debian's chromium, node and npm, and playwright-core from the committed
# package-lock.json. Installs only what is missing; safe to run again.
# Never downloads a browser of its own: Playwright drives /usr/bin/chromium.
# Needs root (or sudo) only when a Debian package is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "browser-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# playwright-core, exactly as locked. Reinstalled when the lock file is newer
# than the installed tree (someone bumped the version).
browser_tests=tests/browser
installed="$browser_tests/node_modules/.package-lock.json"
if [ ! -f "$installed" ] || [ "$browser_tests/package-lock.json" -nt "$installed" ]; then
  echo "browser-deps: npm ci in $browser_tests"
  # PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: playwright-core never downloads, but say
  # so in case a future version tries.
  (cd "$browser_tests" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
else
  echo "browser-deps: all present"
fi
