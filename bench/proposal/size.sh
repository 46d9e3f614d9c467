#!/usr/bin/env bash
# Code size of the proposal against rep_movs_alternative (docs/proposal.md,
# "What the bench does not show"): Debian 6.12's copy_user_64.S and the
# patched one (make proposal-patch), each assembled against asm/kshim/
# with ERMS (rep movsb in place) and without (the rep movsq path), and,
# when make proposal-kernel has built them, the symbol's size in the two
# vmlinux. CSV on stdout:
#   routine,build,bytes,instructions,extable_entries
# (extable entries: __ex_table's size / 12, a kshim entry being three
# 32-bit words as the kernel's; "-" where not measured).
#   bench/proposal/size.sh [PROPOSAL_DIR]     (default build/proposal)
set -euo pipefail
cd "$(dirname "$0")/../.."
P=${1:-build/proposal}
old=$(ls "$P"/orig/*/arch/x86/lib/copy_user_64.S 2>/dev/null | head -1)
new=$P/copy_user_64.S
[ -f "$old" ] && [ -f "$new" ] || { echo "size: no $P/orig/*/arch/x86/lib/copy_user_64.S or $new (make proposal-patch)" >&2; exit 2; }
T=$P/size && mkdir -p "$T"
measure() { # NAME BUILD OBJ SYMBOL
	local bytes insns ex
	bytes=$(nm -S "$3" | awk -v s="$4" '$4 == s { print $2 }')
	[ -n "$bytes" ] || { echo "size: no $4 in $3" >&2; exit 1; }
	bytes=$((16#$bytes))
	insns=$(objdump -d --no-show-raw-insn "$3" | awk -v s="<$4>:" '
		$2 == s { on = 1; next } on && /^$/ { exit } on && /^ *[0-9a-f]+:\t/ { n++ } END { print n + 0 }')
	ex=$(objdump -h "$3" | awk '$2 == "__ex_table" { print $3 }')
	ex=$((16#${ex:-0} / 12))
	echo "$1,$2,$bytes,$insns,$ex"
}
echo "routine,build,bytes,instructions,extable_entries"
for side in old new; do
	f=${!side}
	for feats in erms none; do
		defs=""; [ $feats = erms ] && defs=-DKSHIM_HAS_ERMS=1
		cc -D__ASSEMBLY__ -Iasm/kshim $defs -c "$f" -o "$T/$side-$feats.o"
		measure "$([ $side = old ] && echo rep_movs_alternative_6.12 || echo rep_movs_alternative_patched)" \
			"kshim_$feats" "$T/$side-$feats.o" rep_movs_alternative
	done
done
# The kernel builds: the symbol's size in vmlinux (its extable entries are
# sorted into one table there: not counted).
for k in vanilla patched; do
	n=$P/kernel/$k.nm
	[ -f "$n" ] || continue
	b=$(awk '$4 == "rep_movs_alternative" { print $2 }' "$n"); b=$((16#$b))
	i=$(cat "$P/kernel/$k.insns" 2>/dev/null || echo -)
	echo "rep_movs_alternative_$([ $k = vanilla ] && echo 6.12 || echo patched),vmlinux,$b,$i,-"
done
