#!/usr/bin/env bash
# Intake checks on what a review reads before anything is copied, built or
# run (docs/review.md, "The sandbox"). Each prints nothing and exits 0, or
# one line with the reason and exits 2; none writes anything.
#
#   review/intake.sh patch FILE [--kernel]  a patch's paths: no absolute
#       path, no '..' component, no symbolic link (git mode 120000), no
#       file outside arch/x86 (--kernel: the patch is applied to a tree)
#   review/intake.sh asm FILE   assembler input that pulls in no file from
#       outside its tree or the shims: no .incbin at all, no .include or
#       #include of an absolute path, or through '..' out of the project
#   review/intake.sh scratch DIR  no symbolic link under DIR leading out
#       of DIR (after the patch was applied there)
set -uo pipefail

refuse() { echo "review: intake: $*" >&2; exit 2; }

# A path from a patch header, "a/" or "b/" stripped, checked.
check_path() { # PATCH LINE-NO PATH KERNEL?
	local p=$3
	[ "$p" = /dev/null ] && return 0
	case "$p" in
	/*) refuse "$1:$2: absolute path '$p' (a patch names files inside the tree)" ;;
	..|../*|*/..|*/../*) refuse "$1:$2: path '$p' has a '..' component" ;;
	esac
	case "$p" in *[[:cntrl:]]*) refuse "$1:$2: a path with a control character" ;; esac
	if [ "$4" = 1 ]; then
		p=${p#[ab]/}
		case "$p" in
		arch/x86/*) ;;
		*) refuse "$1:$2: '$p' is outside arch/x86 (a review takes patches to the x86 copy routines)" ;;
		esac
	fi
}

intake_patch() { # FILE KERNEL?
	local f=$1 k=$2 n=0 line p
	[ -f "$f" ] && [ -r "$f" ] || refuse "no readable patch file '$f'"
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		case "$line" in
		'+++ '*|'--- '*)
			# "--- a/path<TAB>date": the path is up to a tab
			p=${line:4}
			p=${p%%$'\t'*}
			[[ "$line" == '--- '* && "$p" =~ ^[0-9]+(,[0-9]+)?' ----'$ ]] && continue
			[ -n "$p" ] || continue
			check_path "$f" "$n" "$p" "$k" ;;
		'diff --git '*)
			for p in ${line#diff --git }; do check_path "$f" "$n" "$p" "$k"; done ;;
		'rename from '*|'rename to '*|'copy from '*|'copy to '*)
			check_path "$f" "$n" "${line#* * }" 0 ;;
		'new file mode 120000'*|'new mode 120000'*|'deleted file mode 120000'*|'old mode 120000'*)
			refuse "$f:$n: a symbolic link (mode 120000): a review applies no links" ;;
		'GIT binary patch'*|'Binary files '*)
			refuse "$f:$n: a binary patch" ;;
		esac
	done <"$f"
}

intake_asm() { # FILE
	local f=$1 hit
	[ -f "$f" ] && [ -r "$f" ] || refuse "no readable file '$f'"
	hit=$(grep -nE '(^|[:;[:space:]])\.incbin\b' "$f" | head -n 1)
	[ -z "$hit" ] || refuse "$f:${hit%%:*}: .incbin pulls a file's bytes into the code under review"
	hit=$(grep -nE '^[[:space:]]*(\.include|#[[:space:]]*include(_next)?)[[:space:]]*["<][[:space:]]*/' "$f" | head -n 1)
	[ -z "$hit" ] || refuse "$f:${hit%%:*}: includes a file by absolute path (only the tree's and the shims' headers)"
	# Through '..': only to a file of this project (its fixtures include
	# its own asm); resolved from the including file's directory.
	local root inc real
	root=$(realpath -e "$(dirname "$0")/..")
	while IFS= read -r hit; do
		inc=${hit#*[\"<]}
		inc=${inc%%[\">]*}
		real=$(realpath -m "$(dirname "$f")/$inc")
		case "$real" in
		"$root"/*) ;;
		*) refuse "$f:${hit%%:*}: includes '$inc' through '..', outside the tree and the project's shims" ;;
		esac
	done < <(grep -nE '^[[:space:]]*(\.include|#[[:space:]]*include(_next)?)[[:space:]]*["<]([^">]*/)?\.\.(/|[">])' "$f")
	return 0
}

intake_scratch() { # DIR
	local d l real top
	d=$1
	[ -d "$d" ] || refuse "no directory '$d'"
	top=$(realpath -e "$d") || refuse "cannot resolve '$d'"
	while IFS= read -r -d '' l; do
		real=$(realpath -m "$l")
		case "$real" in
		"$top"/*) ;;
		*) refuse "'$l' is a symbolic link out of the scratch copy (to $(readlink "$l"))" ;;
		esac
	done < <(find "$d" -type l -print0)
}

case "${1:-}" in
patch) [ $# -ge 2 ] || refuse "usage: review/intake.sh patch FILE [--kernel]"
	intake_patch "$2" "$([ "${3:-}" = --kernel ] && echo 1 || echo 0)" ;;
asm) [ $# = 2 ] || refuse "usage: review/intake.sh asm FILE"; intake_asm "$2" ;;
scratch) [ $# = 2 ] || refuse "usage: review/intake.sh scratch DIR"; intake_scratch "$2" ;;
*) refuse "usage: review/intake.sh patch|asm|scratch ..." ;;
esac
exit 0
