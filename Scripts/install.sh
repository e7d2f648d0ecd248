#!/usr/bin/env bash
# Builds `catalog` in release mode and installs it, with its man page and shell completions,
# under a prefix (default /usr/local):
#
#   Scripts/install.sh                  # /usr/local/bin/catalog (may need sudo)
#   Scripts/install.sh --prefix ~/.local
#   PREFIX=/opt/catalog Scripts/install.sh
#   Scripts/install.sh --prefix /tmp/t --configuration debug   # reuse a debug build
#
# Installs PREFIX/bin/catalog, PREFIX/share/man/man1/catalog.1 and the completion scripts
# for bash, zsh and fish under PREFIX/share. Fails on the first failing step.
#
# A release build links the Swift runtime and Foundation statically (--static-swift-stdlib):
# the binary needs only the system's C and C++ libraries (libc, libm, libstdc++, libgcc_s,
# libsqlite3; libpq when a PostgreSQL catalog is opened), runs on a machine without the
# Swift toolchain, and maps about 7 MiB less memory than one linked against the toolchain's
# shared libraries (the relocated pages of libFoundation and ICU). A debug build stays
# dynamic (what `swift test` builds).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=${PREFIX:-/usr/local}
configuration=release
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --configuration) configuration=$2; shift 2 ;;
    -h | --help) sed -n '2,18s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

linking=()
if [ "$configuration" = release ]; then linking=(--static-swift-stdlib); fi
swift build -c "$configuration" "${linking[@]}" --product catalog
bin=$(swift build -c "$configuration" "${linking[@]}" --show-bin-path)/catalog

install -d "$prefix/bin" "$prefix/share/man/man1" \
  "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
  "$prefix/share/fish/vendor_completions.d"
install -m 755 "$bin" "$prefix/bin/catalog"
"$prefix/bin/catalog" help --man > "$prefix/share/man/man1/catalog.1"
"$prefix/bin/catalog" completions bash > "$prefix/share/bash-completion/completions/catalog"
"$prefix/bin/catalog" completions zsh > "$prefix/share/zsh/site-functions/_catalog"
"$prefix/bin/catalog" completions fish > "$prefix/share/fish/vendor_completions.d/catalog.fish"
echo "installed $("$prefix/bin/catalog" --version | head -1) as $prefix/bin/catalog"
