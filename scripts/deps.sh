#!/usr/bin/env bash
# Installs the Debian packages ucopy needs, when a tool is missing. Called by
# `make` and `make test`; safe to run again (it does nothing when all is there).
set -euo pipefail

# tool -> package
declare -A need=(
	[frama-c]=frama-c-base [why3]=why3 [z3]=z3 [cvc4]=cvc4 [cvc5]=cvc5
	[clang]=clang [afl-clang-fast]=afl++ [gnuplot]=gnuplot-nox [jq]=jq
	[qemu-system-x86_64]=qemu-system-x86 [xz]=xz-utils [zstd]=zstd
)
# libFuzzer's runtime has no binary of its own: look for its archive.
fuzzer_lib() { compgen -G '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null; }

missing=()
for tool in "${!need[@]}"; do
	command -v "$tool" >/dev/null 2>&1 || missing+=("${need[$tool]}")
done
fuzzer_lib || missing+=(libclang-rt-14-dev)
# Kernel trees the tree review's Debian suite reviews (tests/review-tree-debian.sh),
# where this apt knows them.
# A fresh machine may have no package lists yet: apt-cache would know nothing.
if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null && [ "$(id -u)" = 0 ]; then
	apt-get -o DPkg::Lock::Timeout=900 update -q
fi
for p in linux-source-6.1 linux-source-6.12; do
	[ -f "/usr/src/$p.tar.xz" ] || ! apt-cache show "$p" >/dev/null 2>&1 || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
	echo "deps: installing ${missing[*]}"
	if [ "$(id -u)" = 0 ]; then sudo=""
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"
	else
		echo "deps: missing ${missing[*]}; run as root:" >&2
		echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]} && why3 config detect" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get -o DPkg::Lock::Timeout=900 update -q
	$sudo apt-get install -o DPkg::Lock::Timeout=900 -y -q --no-install-recommends "${missing[@]}"
fi

# WP finds provers through why3's configuration.
if ! grep -qs 'name = "CVC4"' "$HOME/.why3.conf" || ! grep -qs 'name = "Z3"' "$HOME/.why3.conf"; then
	why3 config detect >/dev/null
fi
