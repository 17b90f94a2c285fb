#!/usr/bin/env bash
# Install everything Qili needs to build, serve and test, on a fresh Debian machine.
#
# Idempotent: every step first checks whether its tool is already there at the
# right version and skips if so, so a warm run takes seconds. A cold run takes
# about 20 minutes on 2 cores (mostly `cargo install trunk`).
#
# The machine may be new at any session or CI run: whatever is not installed
# here is not there. Versions are pinned below; change them together (the
# wasm-bindgen CLI must equal the wasm-bindgen crate version in Cargo.lock).
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
PYFFISH_VERSION=0.0.90

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '[bootstrap] %s\n' "$*" >&2; }
die() { printf '[bootstrap] FAILED: %s\n' "$*" >&2; exit 1; }
trap 'die "line $LINENO: $BASH_COMMAND"' ERR

started=$SECONDS

# --- Debian packages: headless browser, its driver, and CJK fonts ----------
# (without a CJK font, screenshots show boxes instead of 棋例 and the pieces).
apt_packages=(chromium chromium-driver fonts-noto-cjk)
apt_missing=()
for pkg in "${apt_packages[@]}"; do
    [[ $(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null) == "install ok installed" ]] || apt_missing+=("$pkg")
done
if ((${#apt_missing[@]})); then
    sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null 2>&1 || die "need root (or sudo) to apt-get install ${apt_missing[*]}"
        sudo=(sudo)
    fi
    log "apt-get install ${apt_missing[*]}"
    "${sudo[@]}" apt-get update -q
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q -o Dpkg::Use-Pty=0 --no-install-recommends "${apt_missing[@]}"
else
    log "ok: ${apt_packages[*]} ($(chromium --version 2>/dev/null | head -n1))"
fi

# --- Rust: wasm target and lint/format components ---------------------------
command -v rustup >/dev/null 2>&1 || die "rustup not found (expected in ~/.cargo/bin)"
if grep -qx wasm32-unknown-unknown <<<"$(rustup target list --installed)"; then
    log "ok: rust target wasm32-unknown-unknown"
else
    log "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
fi
installed_components=$(rustup component list --installed)
for comp in clippy rustfmt; do
    if grep -q "^$comp" <<<"$installed_components"; then
        log "ok: rust component $comp"
    else
        log "rustup component add $comp"
        rustup component add "$comp"
    fi
done

# --- cargo-installed CLIs, only when the exact version is missing ------------
# has_version CMD VERSION: true if `CMD --version` prints VERSION as a word.
# (Output captured first: `cmd | grep -q` can fail under pipefail on SIGPIPE.)
has_version() {
    local out
    command -v "$1" >/dev/null 2>&1 && out=$("$1" --version 2>/dev/null) && grep -Fqw -- "$2" <<<"$out"
}

if has_version trunk "$TRUNK_VERSION"; then
    log "ok: trunk $TRUNK_VERSION"
else
    log "cargo install trunk $TRUNK_VERSION (about 12 minutes on 2 cores)"
    cargo install --locked trunk --version "$TRUNK_VERSION"
fi

if has_version wasm-bindgen "$WASM_BINDGEN_VERSION" && has_version wasm-bindgen-test-runner "$WASM_BINDGEN_VERSION"; then
    log "ok: wasm-bindgen-cli $WASM_BINDGEN_VERSION"
else
    # Deliberately without --locked: this is the combination known to build
    # here; the CLI must match the wasm-bindgen crate in Cargo.lock exactly.
    log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 5 minutes)"
    cargo install --force wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# --- npm: wasm-opt (binaryen 132), terser, playwright-core, from package-lock.json
# Debian's binaryen (108) produces a broken site; scripts put
# node_modules/.bin first on PATH so Trunk finds this wasm-opt.
command -v npm >/dev/null 2>&1 || die "npm not found (Node 20+ is expected on the machine)"
stamp=node_modules/.qili-lock-sha256
want=$(sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1)
if [[ -f $stamp && $(cat "$stamp") == "$want" && -x node_modules/.bin/wasm-opt ]]; then
    log "ok: npm packages (node_modules matches package-lock.json)"
else
    log "npm ci"
    npm ci --no-audit --no-fund
    echo "$want" >"$stamp"
fi

# --- Python: pyffish, the oracle that test scripts compare against ----------
# The pinned version only: the test steps' floors count agreements with it.
if ver=$(python3 -c 'import importlib.metadata as m, pyffish; print(m.version("pyffish"))' 2>/dev/null) &&
    [[ $ver == "$PYFFISH_VERSION" ]]; then
    log "ok: pyffish $ver"
else
    log "pip install pyffish==$PYFFISH_VERSION${ver:+ (found $ver)}"
    python3 -m pip install --disable-pip-version-check -q "pyffish==$PYFFISH_VERSION"
    python3 -c 'import pyffish' || die "pyffish installed but cannot be imported"
fi

# --- crates: download what Cargo.lock names, so `trunk --offline` can build ---
# (Trunk passes --offline on to cargo.) Quick when everything is cached.
log "cargo fetch"
cargo fetch --quiet

log "done in $((SECONDS - started))s"
