#!/usr/bin/env bash
# Installs the Debian packages boardsearch needs, only those that are missing.
# `apt-get update` runs only when something is missing. Needs root (or sudo).
set -euo pipefail
packages=(
  build-essential cmake pkg-config
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libcpp-httplib-dev libfmt-dev libtbb-dev
  libgmp-dev  # yut --expected: exact fractions (gmpxx)
  valgrind clang-format
  clang libclang-rt-14-dev  # make fuzz: clang -fsanitize=fuzzer needs libclang-rt's libFuzzer
  python3
  # The task farm on MPI (queens --checkpoint under mpirun): Open MPI, and the
  # ssh client its launcher wants even for ranks on one machine.
  openmpi-bin libopenmpi-dev openssh-client
)
# Browser tests (issue 7) need Debian's chromium and node/npm.
if [ "${BOARDSEARCH_BROWSER_DEPS:-1}" = 1 ]; then
  packages+=(chromium nodejs npm fonts-nanum)  # fonts-nanum: the page's Korean titles
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node/npm/python3 may come from outside Debian (e.g. a preinstalled toolchain): accept those.
filtered=()
for p in "${missing[@]}"; do
  case "$p" in
    nodejs) command -v node >/dev/null 2>&1 || filtered+=("$p") ;;
    npm) command -v npm >/dev/null 2>&1 || filtered+=("$p") ;;
    python3) command -v python3 >/dev/null 2>&1 || filtered+=("$p") ;;  # the CLI tests check --json with it
    *) filtered+=("$p") ;;
  esac
done
missing=("${filtered[@]+"${filtered[@]}"}")
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
