#!/usr/bin/env bash
# The Python package's CI step: builds the wheel into a fresh virtual environment, lints the
# binding crate, runs pytest. Sets up everything itself; called by .ci/run.
#   PLATEAU_PY_RAY=0 skips installing Ray (the distributed tests then skip with a message).
set -euo pipefail
cd "$(dirname "$0")"
start=$SECONDS
note() { printf -- '-- %s (%d s in)\n' "$*" $((SECONDS - start)); }

python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null 2>&1; then
    echo "no $python on this machine: the Python package is not tested"
    exit 0
fi
"$python" --version

# The root workspace's target folder: the crates and dependencies the root steps compiled
# are reused (the binding crate is its own workspace, with a folder of its own otherwise).
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(cd .. && pwd)/target}"

note "lint: cargo clippy (the binding crate is its own workspace)"
cargo clippy --all-targets -- -D warnings
cargo fmt -- --check

venv=$(mktemp -d)/venv
trap 'rm -rf "$(dirname "$venv")"' EXIT
note "venv in $venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip

extras=test
if [ "${PLATEAU_PY_RAY:-1}" != 0 ]; then extras=test,ray; fi
note "pip install ./python[$extras] (builds the wheel with maturin)"
# The tests measure no speed: the wheel is built without LTO and with parallel codegen,
# minutes faster than the release profile a user's `pip install ./python` gets.
export CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
if ! "$venv/bin/python" -m pip install --quiet ".[$extras]"; then
    if [ "$extras" = test,ray ]; then
        echo "the [ray] extra could not be installed: the Ray tests are skipped"
        "$venv/bin/python" -m pip install --quiet ".[test]"
    else
        exit 1
    fi
fi
note "installed"

note "pytest"
# From the tests folder, so that `import plateau` is the installed wheel, not the source.
cd tests
"$venv/bin/python" -m pytest -q -p no:cacheprovider .
note "python done"
