#!/usr/bin/env bash
# The two kernels of make proposal-kernel booted by make live-vm (tests/
# live-vm.sh) on CPU models that call rep_movs_alternative: qemu64 (no
# ERMS) and qemu64,+erms (ERMS, no FSRM; with FSRM the callers inline rep
# movsb). The vanilla image is checked against the row inferred for it
# (movs_alt_word / movs_alt), the patched one against movs_fast
# (EXPECT_ROW). The guest runs the live suite's cases of 0..128 bytes, as
# make live does (PROPOSAL_LIVE_FLAGS, default --max-len 128; --quick:
# 0..40). Results: build/proposal/live-{vanilla,patched}/
# results.json, and build/proposal/kernel/boot.json (one line per boot).
#   review/proposal/boot.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
K=build/proposal/kernel
cpus=${PROPOSAL_CPUS:-qemu64 qemu64,+erms}
worst=0
for k in vanilla patched; do
	[ -f "$K/$k.bzImage" ] || { echo "proposal-boot: no $K/$k.bzImage (make proposal-kernel)" >&2; exit 2; }
done
for k in ${PROPOSAL_BOOT_KERNELS:-patched vanilla}; do	# the patched one first: it is the point
	t0=$(date +%s)
	echo "proposal-boot: $k on $cpus"
	expect=(); [ $k = patched ] && expect=(EXPECT_ROW=movs_fast)
	# The tiny config has no ACPI: the guest's power-off halts instead and
	# qemu would wait for BOOT_TIMEOUT. Once a console shows the guest's
	# exit line and the halt, its qemu (the child of the timeout whose pid
	# live-vm keeps in boots/TAG.pid) is ended, which live-vm reads as exit 0.
	( while sleep 5; do
		for log in build/proposal/live-$k/boots/*.log; do
			pidf=${log%.log}.pid
			[ -f "$pidf" ] && grep -aq '^UCOPY-LIVE-EXIT' "$log" && grep -aq 'System halted' "$log" || continue
			for q in $(pgrep -P "$(cat "$pidf")" 2>/dev/null); do kill "$q" 2>/dev/null; done
		done
	  done ) &
	watcher=$!
	env KERNEL_IMAGE=$K/$k.bzImage CPUS="$cpus" LIVE_VM_DIR=build/proposal/live-$k \
		LIVE_VM_FLAGS="${PROPOSAL_LIVE_FLAGS:---max-len 128}" BOOT_TIMEOUT=${BOOT_TIMEOUT:-900} \
		"${expect[@]}" make -s live-vm >"$K/boot-$k.out" 2>&1
	rc=$?
	kill "$watcher" 2>/dev/null
	echo "proposal-boot: $k: exit $rc in $(($(date +%s) - t0)) s; $(tail -n 1 "$K/boot-$k.out")"
	[ "$rc" -gt "$worst" ] && worst=$rc
done
res=(); for k in patched vanilla; do [ -f build/proposal/live-$k/results.json ] && res+=(build/proposal/live-$k/results.json); done
[ ${#res[@]} -gt 0 ] && jq -s '[.[] | .boots[] | {kernel: (if (.image | test("patched")) then "patched" else "vanilla" end), cpu,
	paths: [.paths[] | {path, row, cases, agree}]}]' "${res[@]}" >"$K/boot.json" 2>/dev/null || echo "proposal-boot: no results.json to summarize" >&2
exit "$worst"
