#!/usr/bin/env bash
# make live-vm: boot shipped kernels under qemu-system-x86_64 across CPU
# models, run the live suite (tests/live/) inside each, and check every case
# against the model of the row the guest kernel runs (issue 23; docs/live.md).
#
#   tests/live-vm.sh            the matrix: newest Debian 6.1 and 6.12 images,
#                               CPU models qemu64, qemu64,model=4, max
#   tests/live-vm.sh --quick    make test's subset: 6.1, qemu64 and max, the
#                               live suite's --quick cases
#   tests/live-vm.sh --report   the report again from the last run's consoles
# Environment: KERNEL_IMAGE=path (a bzImage instead of Debian's), CPUS="a b"
# (QEMU -cpu models), EXPECT_ROW / EXPECT_CLEAR_ROW (check against a named
# row instead of the inferred one), LIVE_VM_FLAGS (more flags for the guest
# live), LIVE_VM_APPEND (more kernel command line), BOOT_TIMEOUT (seconds
# per boot), LIVE_VM_JOBS (boots at once),
# LIVE_VM_DIR (where this run's consoles and results go; downloads stay in
# build/live-vm). Output: one table, results.json (one object per boot), and
# the last line "live-vm: K kernels, C CPU models, N cases, D disagree with
# their model, E differ from EXACT as predicted" (--quick: then "N passed,
# M failed"). Exit 1 on a disagreement, 2 on bad input (an image that does
# not boot, a guest that prints nothing or hangs), with the console's last
# lines. No qemu is left behind.
set -uo pipefail
cd "$(dirname "$0")/.."

quick=0 report=0
case "${1:-}" in
--quick) quick=1 ;;
--report) report=1 ;;	# the table and results.json again from the last run's consoles
'') ;;
*) echo "live-vm: unknown argument $1 (--quick, --report)" >&2; exit 2 ;;
esac
cache=build/live-vm	# the downloads, kept between runs
# this run's consoles and results (the quick subset's apart: a make test
# must not replace the full matrix's results.json, which review-tree reads)
out=${LIVE_VM_DIR:-$([ "$quick" = 1 ] && echo build/live-vm-quick || echo build/live-vm)}
mkdir -p "$cache/debs" "$cache/kernels" "$out/boots"

# skip: in make test a missing qemu or package is a skip with its reason
# (0 passed, 0 failed); anywhere else it is an error.
skip() {
	if [ "$quick" = 1 ]; then
		echo "skipped: $*"
		echo "0 passed, 0 failed"
		exit 0
	fi
	echo "live-vm: $*" >&2
	exit 2
}
die() { echo "live-vm: $*" >&2; exit 2; }

command -v qemu-system-x86_64 >/dev/null || skip "no qemu-system-x86_64 (scripts/deps.sh installs qemu-system-x86)"
command -v jq >/dev/null || skip "no jq"
for f in build/live/live-static build/live/init build/live/mkinitramfs; do
	[ -x "$f" ] || die "$f missing: run make live-vm-build"
done

if [ "$report" = 0 ]; then
# ---- kernels: KERNEL_IMAGE, or the newest Debian images apt offers ----

# The version string a bzImage carries (setup header: "HdrS" at 0x202, the
# string at 0x200 + the 16-bit pointer at 0x20e); empty if not a bzImage.
image_version() {
	local magic ptr
	magic=$(od -An -c -j 514 -N 4 "$1" 2>/dev/null | tr -d ' ')
	[ "$magic" = HdrS ] || return 0
	ptr=$(od -An -tu2 -j 526 -N 2 "$1" | tr -d ' ')
	dd if="$1" bs=1 skip=$((ptr + 512)) count=200 2>/dev/null | tr '\0' '\n' | head -n 1 | cut -d' ' -f1
}

# the newest package of a series that apt offers (or that is cached here)
newest_pkg() {
	local re=$1 pkg
	pkg=$(apt-cache search --names-only "$re" 2>/dev/null | awk '{print $1}' | sort -V | tail -n 1)
	if [ -z "$pkg" ]; then	# apt has no list: a cached download will do
		pkg=$(ls "$cache/debs" 2>/dev/null | sed 's/_.*//' | grep -E "$re" | sort -V | tail -n 1)
	fi
	echo "$pkg"
}

# a Debian image's vmlinuz, downloaded once into build/live-vm/debs
debian_image() {
	local pkg=$1 deb dir
	deb=$(ls "$cache/debs/${pkg}"_*.deb 2>/dev/null | sort -V | tail -n 1)
	if [ -z "$deb" ]; then
		echo "live-vm: downloading $pkg (apt-get download, once)" >&2
		(cd "$cache/debs" && apt-get download -q -o DPkg::Lock::Timeout=900 "$pkg" >/dev/null 2>&1) ||
			skip "apt-get download $pkg failed (no network or no such package)"
		deb=$(ls "$cache/debs/${pkg}"_*.deb 2>/dev/null | sort -V | tail -n 1)
	fi
	[ -n "$deb" ] || skip "no .deb for $pkg"
	dir="$cache/kernels/$pkg"
	if ! ls "$dir"/boot/vmlinuz-* >/dev/null 2>&1; then
		mkdir -p "$dir"
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir" --wildcards './boot/vmlinuz-*' ||
			die "cannot extract vmlinuz from $deb"
	fi
	ls "$dir"/boot/vmlinuz-* | head -n 1
}

images=()
if [ -n "${KERNEL_IMAGE:-}" ]; then
	[ -f "$KERNEL_IMAGE" ] && [ -r "$KERNEL_IMAGE" ] || die "KERNEL_IMAGE=$KERNEL_IMAGE: no such readable file"
	[ -n "$(image_version "$KERNEL_IMAGE")" ] ||
		die "KERNEL_IMAGE=$KERNEL_IMAGE is not an x86 bzImage (no HdrS setup header)"
	images=("$KERNEL_IMAGE")
else
	command -v apt-cache >/dev/null || skip "no apt-cache: give KERNEL_IMAGE=path/to/bzImage"
	series=('^linux-image-6\.1\.0-[0-9]+-amd64-unsigned$')
	[ "$quick" = 1 ] || series+=('^linux-image-6\.12\.[0-9]+\+deb[0-9]+-amd64-unsigned$')
	for re in "${series[@]}"; do
		pkg=$(newest_pkg "$re")
		[ -n "$pkg" ] || skip "apt offers no package matching $re (apt-get update?)"
		img=$(debian_image "$pkg") || exit $?
		images+=("$img")
	done
fi

# ---- CPU models, the guest's arguments, the initramfs ----
if [ -n "${CPUS:-}" ]; then
	read -r -a cpus <<<"${CPUS//;/ }"
elif [ "$quick" = 1 ]; then
	cpus=(qemu64 max)
else
	# REP_GOOD without ERMS; neither (an AMD family 15 model below 0x48 gets
	# no REP_GOOD); ERMS. TCG refuses +fsrm: no FSRM/FSRS row here.
	cpus=(qemu64 qemu64,model=4 max)
fi
[ ${#cpus[@]} -gt 0 ] || die "CPUS is empty"

args=(--no-ident --json)
[ "$quick" = 1 ] && args+=(--quick)
[ -n "${EXPECT_ROW:-}" ] && args+=(--row "$EXPECT_ROW")
[ -n "${EXPECT_CLEAR_ROW:-}" ] && args+=(--clear-row "$EXPECT_CLEAR_ROW")
# shellcheck disable=SC2206
[ -n "${LIVE_VM_FLAGS:-}" ] && args+=($LIVE_VM_FLAGS)
# a row name the registry lacks is bad input here, not a guest failure
for r in "${EXPECT_ROW:-}" "${EXPECT_CLEAR_ROW:-}"; do
	[ -z "$r" ] || awk -F'\t' -v r="$r" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "name") c = i; next }
		$c == r { f = 1 } END { exit !f }' build/registry.tsv || die "no registry row named $r"
done

initrd="$out/initramfs.cpio"
build/live/mkinitramfs "$initrd" dev/ proc/ dev/console@c:5:1 \
	init=build/live/init live=build/live/live-static || die "cannot build the initramfs"

accel=tcg
[ -r /dev/kvm ] && [ -w /dev/kvm ] && accel=kvm
limit=${BOOT_TIMEOUT:-$([ "$quick" = 1 ] && echo 120 || echo 300)}
jobs=${LIVE_VM_JOBS:-2}

# ---- boots ----
# every qemu runs under a timeout whose pid is in boots/TAG.pid: on exit or
# interrupt each is ended (timeout passes the signal on to its qemu)
pids=()
cleanup() {
	local f
	for f in "$out"/boots/*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
}
trap cleanup EXIT
trap 'cleanup; exit 2' INT TERM

# boot IMAGE CPU TAG: the console into boots/TAG.log, qemu's own status
# into boots/TAG.rc
boot() {
	local img=$1 cpu=$2 tag=$3 rc
	timeout --kill-after=5 "$limit" qemu-system-x86_64 -M q35 -accel "$accel" -cpu "$cpu" \
		-m 512M -smp 1 -display none -monitor none -nodefaults -no-reboot -net none \
		-serial "file:$out/boots/$tag.log" -kernel "$img" -initrd "$initrd" \
		-append "console=ttyS0 quiet loglevel=1 panic=-1 ${LIVE_VM_APPEND:-} -- ${args[*]}" \
		>"$out/boots/$tag.qemu" 2>&1 &
	echo $! >"$out/boots/$tag.pid"
	wait $!
	rc=$?
	rm -f "$out/boots/$tag.pid"
	echo "$rc" >"$out/boots/$tag.rc"
}

tags=()
n=0
rm -f "$out"/boots/*
echo "live-vm: ${#images[@]} kernel(s) x ${#cpus[@]} CPU model(s), $accel, ${limit}s per boot, $jobs at once"
for img in "${images[@]}"; do
	for cpu in "${cpus[@]}"; do
		n=$((n + 1))
		tag="boot$n"
		tags+=("$tag")
		printf '%s\t%s\t%s\t%s\n' "$img" "$cpu" "$accel" "$limit" >"$out/boots/$tag.what"
		echo "live-vm: boot $n: $(image_version "$img") on -cpu $cpu"
		boot "$img" "$cpu" "$tag" &
		pids+=($!)
		while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
	done
done
wait
pids=()

else
	mapfile -t tags < <(ls "$out/boots" | sed -n 's/\.what$//p' | sort -V)
	[ ${#tags[@]} -gt 0 ] || die "no consoles in $out/boots: run make live-vm first"
fi

# ---- results ----
bad=0
jq_boots=()
for tag in "${tags[@]}"; do
	IFS=$'\t' read -r img cpu accel limit <"$out/boots/$tag.what"
	log="$out/boots/$tag.log"
	rc=$(cat "$out/boots/$tag.rc" 2>/dev/null || echo '?')
	tr -d '\r' <"$log" 2>/dev/null >"$log.txt"
	json=$(grep -a '^UCOPY-LIVE-JSON ' "$log.txt" | tail -n 1 | cut -d' ' -f2-)
	why=""
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then why="no result within ${limit}s (a hang or a panic; BOOT_TIMEOUT=)"
	elif [ "$rc" != 0 ]; then why="qemu failed (exit $rc): $(tail -n 2 "$out/boots/$tag.qemu" | tr '\n' ' ')"
	elif [ ! -s "$log.txt" ]; then why="the guest printed nothing"
	elif ! grep -aq '^live-vm: guest /init up' "$log.txt"; then why="the kernel never ran /init (not bootable here, or a panic)"
	elif [ -z "$json" ]; then why="the guest's live gave no result"
	elif ! jq -e . >/dev/null 2>&1 <<<"$json"; then why="the guest's result is not JSON (a console line cut?)"
	fi
	panic=$(grep -a -o 'Kernel panic - not syncing: .*' "$log.txt" | head -n 1)
	[ -n "$why" ] && [ -n "$panic" ] && why="$why: $panic"
	if [ -n "$why" ]; then
		echo "live-vm: $(image_version "$img") on -cpu $cpu: $why; the console's last lines ($log):" >&2
		grep -av '^UCOPY-LIVE-JSON' "$log.txt" | tail -n 12 | sed 's/^/  | /' >&2
		bad=2
		continue
	fi
	grep -a -A3 '^MISMATCH' "$log.txt" | head -n 20
	jq_boots+=("$(jq -c --arg cpu "$cpu" --arg image "$img" --arg accel "$accel" \
		'{kernel, cpu: $cpu, image: $image, accel: $accel} + .' <<<"$json")")
done
[ "$bad" = 2 ] && exit 2
printf '%s\n' "${jq_boots[@]}" | jq -s '{boots: .,
	kernels: ([.[].kernel] | unique | length), cpu_models: ([.[].cpu] | unique | length),
	cases: ([.[].paths[].cases] | add), disagree: ([.[].paths[] | .cases - .agree] | add),
	differ_exact_predicted: ([.[].paths[] | select(.cases == .agree) | .differ_exact] | add)}' >"$out/results.json"

# the table, from results.json
echo
echo "| kernel | CPU model | flags | copy_to_user | copy_from_user | clear_user | cases | agree with the row | differ from EXACT |"
echo "|---|---|---|---|---|---|---|---|---|"
jq -r '.boots[] | [.kernel, .cpu, (.flags | join(" ")),
	(.paths[] | "\(.row) (\(.confirmed))"),
	([.paths[].cases] | add), ([.paths[].agree] | add), ([.paths[].differ_exact] | add)]
	| "| " + (map(tostring) | join(" | ")) + " |"' "$out/results.json"
echo
jq -r '.boots[] | . as $b | .paths[] | select(.differ_exact > 0) |
	"\($b.kernel) -cpu \($b.cpu): \(.path) differs from EXACT in \(.differ_exact) of \(.cases) cases, as \(.row) (\(.level)) predicts, e.g.:",
	(.examples[] | "  " + .)' "$out/results.json"
jq -r '.boots[] | . as $b | .paths[] | select(.confirmed == "contradicted") |
	"CONTRADICTED \($b.kernel) -cpu \($b.cpu): \(.path): inferred \(.row), but \(.how)"' "$out/results.json"

read -r K C N A E X < <(jq -r '[.kernels, .cpu_models, .cases, .cases - .disagree, .differ_exact_predicted,
	([.boots[].paths[] | select(.confirmed == "contradicted")] | length)] | map(tostring) | join(" ")' "$out/results.json")
D=$((N - A))
echo "results: $out/results.json"
[ "$X" -gt 0 ] && echo "live-vm: $X routine(s) where the kernel's code contradicts the inferred row (above)"
echo "live-vm: $K kernels, $C CPU models, $N cases, $D disagree with their model, $E differ from EXACT as predicted"
if [ "$quick" = 1 ]; then
	echo "$A passed, $((D + X)) failed"
fi
[ "$D" -eq 0 ] && [ "$X" -eq 0 ]
