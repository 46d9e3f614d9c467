#!/usr/bin/env bash
# Builds Debian's 6.12 tree twice, vanilla and with the proposal patch, with
# the smallest config that boots under QEMU (qemu-tiny.config on tinyconfig).
# One source tree under build/proposal/kernel/linux-source-6.12: the vanilla
# build first, then the patch applied and the tree rebuilt (only
# copy_user_64.o and the link change), then the patch reversed. Images are
# cached: build/proposal/kernel/{vanilla,patched}.bzImage; times in
# build/proposal/kernel/times.json.
#   review/proposal/kernel.sh PATCH [TARBALL]
#   review/proposal/kernel.sh --vanilla [TARBALL]   (the vanilla image only)
set -euo pipefail
patch_file=${1:?usage: kernel.sh PATCH [TARBALL]}
tarball=${2:-/usr/src/linux-source-6.12.tar.xz}
here=$(cd "$(dirname "$0")" && pwd)
out=build/proposal/kernel
jobs=${KERNEL_JOBS:-2}
[ "$patch_file" = --vanilla ] || [ -f "$patch_file" ] || { echo "kernel.sh: no patch $patch_file" >&2; exit 2; }
[ -f "$tarball" ] || { echo "kernel.sh: no kernel tarball $tarball" >&2; exit 2; }
mkdir -p "$out"
[ "$patch_file" = --vanilla ] || patch_file=$(realpath "$patch_file")
top=$(basename "$tarball" .tar.xz)	# Debian: linux-source-6.12.tar.xz holds linux-source-6.12/
src=$out/$top

if [ ! -f "$src/Makefile" ]; then
	echo "kernel: extracting $tarball (the whole tree, a few minutes)"
	tar -xJf "$tarball" -C "$out"
fi

build() {	# name: make bzImage in $src, copy it to $out/name.bzImage
	local name=$1 t0 t1
	t0=$(date +%s)
	echo "kernel: building $name (make -j$jobs bzImage, nice)"
	nice -n10 make -s -C "$src" -j"$jobs" bzImage >"$out/$name.log" 2>&1 ||
		{ tail -20 "$out/$name.log" >&2; echo "kernel: $name build failed" >&2; exit 1; }
	t1=$(date +%s)
	cp "$src/arch/x86/boot/bzImage" "$out/$name.bzImage"
	# the routine as built (bench/proposal/size.sh reads these)
	nm -S "$src/vmlinux" | awk '$4 == "rep_movs_alternative"' >"$out/$name.nm"
	objdump -d --no-show-raw-insn --disassemble=rep_movs_alternative "$src/vmlinux" |
		awk '/^ *[0-9a-f]+:\t/ { n++ } END { print n + 0 }' >"$out/$name.insns"
	jq -n --arg k "$name" --argjson s $((t1 - t0)) '{($k): $s}' >"$out/$name.time.json"
	echo "kernel: $name built in $((t1 - t0)) s: $out/$name.bzImage"
}

if [ ! -f "$src/.config" ]; then
	echo "kernel: tinyconfig + $(grep -c '^CONFIG' "$here/qemu-tiny.config") options of qemu-tiny.config"
	make -s -C "$src" tinyconfig >/dev/null
	(cd "$src" && scripts/kconfig/merge_config.sh -m .config "$here/qemu-tiny.config" >/dev/null)
	make -s -C "$src" olddefconfig >/dev/null
	missing=$(grep '^CONFIG_.*=y' "$here/qemu-tiny.config" | while read -r l; do
		grep -qx "$l" "$src/.config" || echo "${l%%=*}"; done)
	[ -z "$missing" ] || { echo "kernel: not set in .config: $missing" >&2; exit 1; }
fi

if [ "$patch_file" = --vanilla ]; then
	[ -f "$out/vanilla.bzImage" ] || build vanilla
	exit 0
fi
# The tree may hold the patch from an interrupted run: take it out first.
if patch -p1 -d "$src" -R --dry-run -s -f <"$patch_file" >/dev/null 2>&1; then
	patch -p1 -d "$src" -R -s -f <"$patch_file"
fi
[ -f "$out/vanilla.bzImage" ] || build vanilla
patch -p1 -d "$src" -s -f <"$patch_file"
trap 'patch -p1 -d "$src" -R -s -f <"$patch_file"' EXIT
if [ ! -f "$out/patched.bzImage" ] || [ "$patch_file" -nt "$out/patched.bzImage" ]; then
	build patched
fi
jq -s add "$out"/*.time.json >"$out/times.json"
ls -l "$out"/*.bzImage | awk '{print "kernel: " $NF ", " $5 " bytes"}'
