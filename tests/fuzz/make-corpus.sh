#!/usr/bin/env bash
# Writes the seed corpus tests/fuzz/corpus/ (`make fuzz-corpus`): a few
# dozen fuzz records (tests/fuzzcase.h) around the strategies' thresholds
# (8, 64 bytes), page-sized and longer copies, faults on each side, both
# and neither, at and around the alignment and block boundaries, and
# buffers that end right at the guard page; rep movs that report late
# (lags, the README's three refutations first) and single-stepped cases
# (the fence check). The first field is the record's strategy byte (any
# value: it is taken modulo the number of registry strategies); the case
# is len,src_align,dst_align,fs,fd,seed[,lag=K1:K2..][,traced].
set -euo pipefail
cd "$(dirname "$0")/../.."
replay=${1:-build/fuzz/ucopy-replay}
out=tests/fuzz/corpus
rm -f "$out"/*.rec
mkdir -p "$out"
n=0
while read -r byte spec; do
	case "$byte" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	IFS=, read -r len sa da fs fd _ extra <<<"$spec"
	name=$(printf '%02d-len%s' "$n" "$len")
	[ "$fs" != - ] && name+="-fs$fs"
	[ "$fd" != - ] && name+="-fd$fd"
	[ "$fs" = - ] && [ "$fd" = - ] && name+="-a${sa}.${da}"
	for x in ${extra//,/ }; do
		case "$x" in
		lag=*) x=${x#lag=}; name+="-lag${x//:/.}" ;;
		traced) name+="-traced" ;;
		esac
	done
	"$replay" --encode "$byte" "$spec" "$out/$name.rec"
done <<'CASES'
# no fault: lengths around the thresholds, assorted alignments
0   0,0,0,-,-,1
1   1,3,5,-,-,2
2   7,1,7,-,-,3
3   8,0,0,-,-,4
4   9,7,1,-,-,5
5   15,2,9,-,-,6
6   63,0,63,-,-,7
7   64,8,8,-,-,8
8   65,1,62,-,-,9
9   127,33,3,-,-,10
10  128,0,1,-,-,11
11  256,5,0,-,-,12
12  257,63,63,-,-,13
13  1000,9,17,-,-,14
14  4096,0,0,-,-,15
15  4099,1,2,-,-,16
16  12288,3,61,-,-,17
17  16384,0,7,-,-,18
# source faults
18  5,0,0,3,-,19
19  8,0,3,7,-,20
20  40,0,1,17,-,21
21  64,0,0,60,-,22
22  100,0,5,64,-,23
23  200,0,2,131,-,24
24  4097,0,0,4096,-,25
25  8200,0,6,8193,-,26
# destination faults
26  6,2,0,-,0,27
27  16,3,0,-,9,28
28  64,0,0,-,57,29
29  129,1,0,-,100,30
30  300,7,0,-,256,31
31  5000,0,0,-,4093,32
32  12345,2,0,-,12300,33
# both sides
33  50,0,0,20,30,34
34  150,0,0,80,70,35
35  9000,0,0,4100,4095,36
# buffers that end at the guard page (nothing may fault)
36  33,0,0,33,-,37
37  71,0,0,-,71,38
38  200,0,0,200,200,39
39  4096,0,0,4096,4096,40
# rep movs reporting late: the README's refutations (fsrm, movs_alt,
# erms_short_reptail, each len/fs/lag 1), a lag per faulting rep, "all"
40  2,0,0,1,-,41,lag=1
41  64,0,0,1,-,42,lag=1
42  8,0,0,1,-,43,lag=1
43  100,0,3,50,-,44,lag=7
44  300,0,0,200,-,45,lag=all
45  70,0,0,-,40,46,lag=2:1
46  4200,0,0,4100,-,47,lag=8
47  120,0,5,60,90,48,lag=all:3
# single-stepped: every non-temporal store fenced on the way out
48  100,0,0,-,-,49,traced
49  200,0,0,150,-,50,traced
50  90,0,0,-,70,51,traced
51  64,0,0,30,-,52,lag=3,traced
CASES
echo "wrote $n records to $out"
