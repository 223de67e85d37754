#!/usr/bin/env bash
# Installs the Debian packages the test suite runs for real: redis-server (working memory),
# chromium (dashboard tests) and postgresql (the PostgreSQL backend: its server binaries, started
# per test run in a temp dir; the package's own cluster is not used), then pgvector into that
# PostgreSQL. Does nothing when they are there.
set -euo pipefail
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v strace >/dev/null 2>&1 || missing+=(strace)
if [ ${#missing[@]} -gt 0 ]; then
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# pgvector: Debian 12 packages no pgvector, but the same apt repository holds Debian 13's source package,
# which builds against Debian 12's PostgreSQL 15 (~20 s of compiling here). Pinned by version and checksum;
# when the pool has moved on to a newer upload, the version and checksum are read from trixie's source index.
PGVECTOR_VERSION=0.8.0
PGVECTOR_SHA256=867a2c328d4928a5a9d6f052cd3bc78c7d60228a9b914ad32aa3db88e9de27b0
DEBIAN_MIRROR=https://deb.debian.org/debian
pg_major=$(ls -d /usr/lib/postgresql/*/bin/initdb | sed 's|/usr/lib/postgresql/\([0-9]*\)/.*|\1|' | sort -n | tail -1)
if [ ! -f "/usr/share/postgresql/$pg_major/extension/vector.control" ]; then
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends \
    "postgresql-server-dev-$pg_major" make gcc libc6-dev curl ca-certificates xz-utils >/dev/null \
    || { $sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends \
      "postgresql-server-dev-$pg_major" make gcc libc6-dev curl ca-certificates xz-utils >/dev/null; }
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  tarball="$work/pgvector.orig.tar.gz"
  if ! curl -fsSL -o "$tarball" "$DEBIAN_MIRROR/pool/main/p/pgvector/pgvector_${PGVECTOR_VERSION}.orig.tar.gz"; then
    stanza=$(curl -fsSL "$DEBIAN_MIRROR/dists/trixie/main/source/Sources.xz" | xz -dc | awk '/^Package: pgvector$/,/^$/')
    PGVECTOR_VERSION=$(printf '%s\n' "$stanza" | sed -n 's/^ [0-9a-f]\{64\} [0-9]* pgvector_\(.*\)\.orig\.tar\.gz$/\1/p')
    PGVECTOR_SHA256=$(printf '%s\n' "$stanza" | sed -n 's/^ \([0-9a-f]\{64\}\) [0-9]* pgvector_.*\.orig\.tar\.gz$/\1/p')
    [ -n "$PGVECTOR_VERSION" ] || { echo "pgvector: no source package in Debian trixie's index" >&2; exit 1; }
    curl -fsSL -o "$tarball" "$DEBIAN_MIRROR/pool/main/p/pgvector/pgvector_${PGVECTOR_VERSION}.orig.tar.gz"
  fi
  echo "$PGVECTOR_SHA256  $tarball" | sha256sum -c --quiet -
  tar xzf "$tarball" -C "$work"
  # OPTFLAGS="": no -march=native (a portable build); with_llvm=no: no JIT bitcode, so no clang needed.
  make -s -C "$work/pgvector-$PGVECTOR_VERSION" PG_CONFIG="/usr/lib/postgresql/$pg_major/bin/pg_config" OPTFLAGS="" with_llvm=no >/dev/null
  $sudo_cmd make -s -C "$work/pgvector-$PGVECTOR_VERSION" PG_CONFIG="/usr/lib/postgresql/$pg_major/bin/pg_config" OPTFLAGS="" with_llvm=no install >/dev/null
fi
