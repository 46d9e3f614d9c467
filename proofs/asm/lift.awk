# proofs/asm/lift.sh's translator (POSIX awk). Input through ENVIRON:
# ROW KIND ABI CODE (sec TAB addr TAB instruction) EXTABLE (fromsec TAB
# fromaddr TAB tosec TAB toaddr) ANNOTS (the annotation file's lines).
# Writes the C of model_<ROW>; exit 2 on anything outside the subset.
function die(msg) { print "lift: " row ": " msg > "/dev/stderr"; failed = 1; exit 2 }
function hex(s) { sub(/^0x/, "", s); sub(/^0+/, "", s); return s == "" ? "0" : s }
function key(sec, addr) { return sec ":" hex(addr) }
# an instruction's name (key text:20 -> text_20): its label L_<name>, its goals' <kind>_<name>
function keyname(k,   l) { l = k; sub(/:/, "_", l); return l }
function lab(k) { return "L_" keyname(k) }
# a register operand: sets RG (its 64-bit name) and RW (bytes); 0 if none
function reg(op,   n) {
	if (op !~ /^%/) return 0
	n = substr(op, 2)
	if (n in R64) { RG = n; RW = 8; return 1 }
	if (n in R32) { RG = R32[n]; RW = 4; return 1 }
	if (n in R16) { RG = R16[n]; RW = 2; return 1 }
	if (n in R8) { RG = R8[n]; RW = 1; return 1 }
	die("register " op " not in the subset")
}
function use(r) { if (r == "rsp" || r == "rbp") die("stack register %" r " not in the subset"); USED[r] = 1 }
# 2^k for the immediate shift count op ($0x<k>): the shr semantics divides
# by it (a power of two is exact in awk's doubles; print it with %.0f)
function pow2(op,   v, k, i, p) {
	v = tolower(hex(substr(op, 2))); k = 0
	for (i = 1; i <= length(v); i++) k = k * 16 + index("0123456789abcdef", substr(v, i, 1)) - 1
	for (p = 1; k > 0; k--) p *= 2
	return p
}
# an immediate: its C literal; "" if op is not one
function imm(op,   v) {
	if (op !~ /^\$/) return ""
	v = substr(op, 2)
	if (v ~ /^-/) die("negative immediate " op)
	return v "ULL"
}
# a memory operand disp(base,index,scale): its effective address as C
function ea(op,   d, inner, parts, n, b, x, s) {
	if (op !~ /\(/) die("operand " op " not in the subset")
	if (op ~ /^%[a-z]s:/) die("segment override in " op)
	d = op; sub(/\(.*/, "", d); if (d == "") d = "0"
	inner = op; sub(/^[^(]*\(/, "", inner); sub(/\)$/, "", inner)
	n = split(inner, parts, ",")
	b = "0"; x = "0"; s = "1"
	if (parts[1] != "") { reg(parts[1]); use(RG); b = RG }
	if (n >= 2) { reg(parts[2]); use(RG); x = RG }
	if (n >= 3) s = parts[3]
	# a base register alone is its own address (x86_ea of it is the identity)
	if (b != "0" && x == "0" && d == "0") return b
	return "x86_ea(" b ", " x ", " s ", (int64_t)(" d "))"
}
# disp(E): the address E that ea() gave as "REG, (int64_t)(DISP)" when it
# is a base register with a displacement, else ""
function disp(e,   m) {
	if (!match(e, /^x86_ea\([a-z0-9]+, 0, 1, \(int64_t\)\(/)) return ""
	m = substr(e, 8); sub(/, 0, 1, \(int64_t\)\(/, ", (int64_t)(", m); sub(/\)\)$/, ")", m)
	return m
}
# off(E, BASE): the offset in the buffer entered at BASE of the address
# E that ea() gave; a base register with a displacement in one call
# (x86_off_disp), since every call adds goals to each path through it
function off(e, bs,   d) {
	if ((d = disp(e)) != "") return "x86_off_disp(" d ", " bs ")"
	return "x86_off(" e ", " bs ")"
}
# at(E): the operand E that ea() gave as the "ADDR, (int64_t)(DISP)" of
# x86_store_copy, which stores there in one call: a base register with
# its displacement (0 if none), or an indexed operand's x86_ea with 0
function at(e,   d) {
	if ((d = disp(e)) != "") return d
	return e ", (int64_t)(0)"
}
# operands split at top-level commas into OP[1..NOP]
function operands(s,   i, c, depth, cur) {
	NOP = 0; cur = ""; depth = 0
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(") depth++
		if (c == ")") depth--
		if (c == "," && depth == 0) { OP[++NOP] = cur; cur = ""; continue }
		cur = cur c
	}
	if (cur != "") OP[++NOP] = cur
}
# width from a size suffix when no register operand gives it
function suffixw(m) {
	if (m ~ /b$/) return 1; if (m ~ /w$/) return 2; if (m ~ /l$/) return 4; if (m ~ /q$/) return 8
	die("no operand width in " m)
}
function fault(i) { return (i in FIX) ? jump(i, FIX[i]) : "goto L_oops;" }
# the assertion of a "no fault" access, named after its address
function nofault(i, bound) { NFDONE[i] = 1; return "/*@ assert no_fault_" keyname(K[i]) ": " bound "; */ " }
# a jump from instruction i to key t: a forward goto or, to a cut point, the loop's next turn
function jump(i, t) {
	if (!(t in IDX)) die("jump to " t ", not an instruction")
	if (INS[IDX[t]] == "ret") return RET	# jumping to a ret is returning
	if (t in CUT) return "{ pc = " IDX[t] "; continue; }"
	if (IDX[t] <= i) die("backward jump to " t " that is not a cut point")
	return "goto " lab(t) ";"
}
function emit(s) { sub(/ +$/, "", s); gsub(/;  +/, "; ", s); BODY = BODY "\t\t" s "\n" }
# a write of flag f (cf or zf) by instruction i, left out where no path from
# i reads f before writing it again (LOUT, below)
function setf(i, f, e) { return LOUT[i, f] ? f " = " e "; " : "" }
# a register's load tag: kept only for a register some store copies from
function tagz(d) { return (d in STSRC) ? " tagn_" d " = 0;" : "" }

BEGIN {
	row = ENVIRON["ROW"]; kind = ENVIRON["KIND"]; abi = ENVIRON["ABI"]
	split("rax rcx rdx rbx rsp rbp rsi rdi r8 r9 r10 r11 r12 r13 r14 r15", r64, " ")
	split("eax ecx edx ebx esp ebp esi edi r8d r9d r10d r11d r12d r13d r14d r15d", r32, " ")
	split("ax cx dx bx sp bp si di r8w r9w r10w r11w r12w r13w r14w r15w", r16, " ")
	split("al cl dl bl spl bpl sil dil r8b r9b r10b r11b r12b r13b r14b r15b", r8, " ")
	for (i = 1; i <= 16; i++) { R64[r64[i]] = 1; R32[r32[i]] = r64[i]; R16[r16[i]] = r64[i]; R8[r8[i]] = r64[i] }
	split("mov lea inc dec neg shr add sub and or xor cmp test", ol, " "); for (i in ol) OPS[ol[i]] = 1
	CC["jae"] = "!cf"; CC["jnb"] = "!cf"; CC["jnc"] = "!cf"; CC["jb"] = "cf"; CC["jc"] = "cf"; CC["jnae"] = "cf"
	CC["je"] = "zf"; CC["jz"] = "zf"; CC["jne"] = "!zf"; CC["jnz"] = "!zf"
	CC["ja"] = "!cf && !zf"; CC["jnbe"] = "!cf && !zf"; CC["jbe"] = "cf || zf"; CC["jna"] = "cf || zf"

	n = split(ENVIRON["CODE"], lines, "\n")
	for (i = 1; i <= n; i++) {
		split(lines[i], f, "\t")
		K[i] = key(f[1], f[2]); INS[i] = f[3]; IDX[K[i]] = i; SEC[i] = f[1]; RELOC[i] = f[4]
	}
	NI = n
	m = split(ENVIRON["EXTABLE"], ex, "\n")
	for (j = 1; j <= m; j++) {
		if (ex[j] == "") continue
		split(ex[j], f, "\t")
		from = key(f[1], f[2]); to = key(f[3], f[4])
		if (!(from in IDX)) die("__ex_table entry from " from ", not an instruction")
		FIX[IDX[from]] = to
	}
	# cut points: the entry, targets of backward edges, annotated addresses
	# every return goes through RET, a placeholder filled in at the end with
	# the ABI's checks (the kept registers, DF) before the return itself
	RET = "@RET@"
	RETV = "return " (abi == "rep" || abi == "stos" ? "rcx" : "rax") ";"
	# the project's C tails a jmp may name: symbol -> model (asm/tail_c.S)
	TAIL["copy_user_handle_tail"] = "model_tail_c"
	CUT[K[1]] = 1
	for (i = 1; i <= NI; i++) {
		split(INS[i], w, " ")
		if (w[1] ~ /^j/ && w[2] != "" && RELOC[i] == "") { t = key(SEC[i], w[2]); if ((t in IDX) && IDX[t] <= i && INS[IDX[t]] != "ret") CUT[t] = 1 }
		if ((i in FIX) && (FIX[i] in IDX) && IDX[FIX[i]] <= i && INS[IDX[FIX[i]]] != "ret") CUT[FIX[i]] = 1
	}
	na = split(ENVIRON["ANNOTS"], al, "\n")
	for (j = 1; j <= na; j++) {
		if (al[j] == "") continue
		p = index(al[j], " :: "); if (!p) die("annotation without ' :: ': " al[j])
		head = substr(al[j], 1, p - 1); pred = substr(al[j], p + 4)
		if (head ~ /^variant/) { VARIANT = pred; continue }
		split(head, hw, " "); addr = hw[1]; sec = "text"
		if (addr ~ /:/) { sec = addr; sub(/:.*/, "", sec); sub(/^[^:]*:/, "", addr) }
		t = key(sec, addr); insn = head; sub(/^[^ ]+ +/, "", insn); gsub(/[ \t]+/, " ", insn)
		if (!(t in IDX)) die("annotation at " t ": no instruction there")
		if (INS[IDX[t]] != insn) die("annotation at " t " expects '" insn "', the object has '" INS[IDX[t]] "'")
		# "no fault": the access at t is claimed not to fault; the claim is
		# an assertion WP must prove (the fault boundary is past the bytes
		# it touches), and the access is lifted without its fault edge,
		# which the claim makes dead code that smoke tests would flag
		if (pred == "no fault") { NOFAULT[IDX[t]] = t; continue }
		CUT[t] = 1
		if (t in INV) INV[t] = INV[t] " &&\n\t\t    (" pred ")"; else INV[t] = "(" pred ")"
	}

	# each instruction's edges: SUCC, fall-through and jump target, and
	# FAULTTO, its fix-up (an edge to a ret is left out: it is emitted as
	# the return itself); reachability and the flags' liveness follow them
	for (i = 1; i <= NI; i++) {
		split(INS[i], w, " ")
		SUCC[i] = ""
		if (w[1] != "jmp" && w[1] != "ret" && i < NI) SUCC[i] = (i + 1)
		t = key(SEC[i], w[2])
		if (w[1] ~ /^j/ && RELOC[i] == "" && (t in IDX) && INS[IDX[t]] != "ret") SUCC[i] = SUCC[i] " " IDX[t]
		FAULTTO[i] = ((i in FIX) && !(i in NOFAULT) && INS[IDX[FIX[i]]] != "ret") ? IDX[FIX[i]] : ""
	}
	# reachable instructions, from the entry along those edges; the others
	# (alignment padding) are left out as comments, since WP's smoke tests
	# rightly call them dead code
	REACH[1] = 1; changed = 1
	while (changed) {
		changed = 0
		for (i = 1; i <= NI; i++) {
			if (!(i in REACH)) continue
			ns = split(SUCC[i] " " FAULTTO[i], sl, " ")
			for (j = 1; j <= ns; j++) if (!(sl[j] in REACH)) { REACH[sl[j]] = 1; changed = 1 }
		}
	}
	# Two kinds of write are left out of the lift, neither observable:
	# (1) a flag write that no path reads before the flag is written again
	# (backward liveness of cf and zf over SUCC and FAULTTO; a fault edge
	# leaves before the faulting instruction's writes, so it carries its
	# fix-up's live flags to the instruction's entry; a return and a tail
	# call read none); (2) the load tag (tag_, tagn_) of a register that no
	# store copies from. A flag or tag is read only by a conditional jump
	# or a store, so each left-out write is dead on every path.
	for (i = 1; i <= NI; i++) {
		if (!(i in REACH)) continue
		split(INS[i], w, " "); mn = w[1]
		base = mn; if (!(base in OPS)) sub(/[bwlq]$/, "", base)
		FR[i] = (mn in CC) ? CC[mn] : ""
		FW[i] = ""
		if (mn != "rep" && !(mn in CC)) {
			if (base ~ /^(cmp|test|add|sub|and|or|xor|neg|shr)$/) FW[i] = "cf zf"
			else if (base == "inc" || base == "dec") FW[i] = "zf"
		}
		if (kind == "copy" && base == "mov" && w[2] != "") {
			operands(w[2])
			if (NOP == 2 && OP[2] ~ /\(/ && reg(OP[1])) STSRC[RG] = 1
		}
	}
	split("cf zf", flags, " ")
	changed = 1
	while (changed) {
		changed = 0
		for (i = NI; i >= 1; i--) {
			if (!(i in REACH)) continue
			ns = split(SUCC[i], sl, " ")
			for (fi = 1; fi <= 2; fi++) {
				fl = flags[fi]; out = 0
				for (j = 1; j <= ns; j++) if (LIN[sl[j], fl]) out = 1
				LOUT[i, fl] = out
				live = index(FR[i], fl) || (out && !index(FW[i], fl)) || (FAULTTO[i] != "" && LIN[FAULTTO[i], fl])
				if (live && !LIN[i, fl]) { LIN[i, fl] = 1; changed = 1 }
			}
		}
	}
	for (i = 1; i <= NI; i++) {
		k = K[i]; s = INS[i]
		if (!(i in REACH)) {
			if (k in CUT) die("annotation at " k ", which is unreachable")
			BODY = BODY "\t/* " lab(k) ": " s ": unreachable */\n"; FALLS = 0; continue
		}
		if ((k in CUT) && i > 1 && FALLS) emit("pc = " i "; continue;")
		BODY = BODY "\t" lab(k) ":\t/* " s " */\n"
		FALLS = 1
		nw = split(s, w, " ")
		mn = w[1]; rest = ""
		if (mn == "rep") {
			if (w[2] == "movsb" || w[2] == "movsq") {
				if (kind != "copy") die("rep " w[2] " in a " kind " routine")
				use("rdi"); use("rsi"); use("rcx")
				sc = (w[2] == "movsq") ? 8 : 1
				emit("@DF@{ uint64_t n0 = rcx;")
				emit("  rcx = x86_rep_" w[2] "(dst, src, x86_off(rdi, dbase), x86_off(rsi, sbase), rcx);")
				emit("  rdi = x86_ea(rdi, x86_sub(n0, rcx, 8), " sc ", 0);")
				emit("  rsi = x86_ea(rsi, x86_sub(n0, rcx, 8), " sc ", 0);")
				t = tagz("rcx") tagz("rdi") tagz("rsi"); if (t != "") emit(" " t)
				emit("  if (rcx != 0) " fault(i) " }")
			} else if (w[2] == "stos") {
				if (kind != "clear") die("rep stos in a " kind " routine")
				use("rdi"); use("rcx"); use("rax")
				if (w[3] ~ /^%al,/) op = "stosb"; else if (w[3] ~ /^%rax,/) op = "stosq"; else die("rep stos " w[3])
				sc = (op == "stosq") ? 8 : 1
				emit("@DF@{ uint64_t n0 = rcx;")
				emit("  rcx = x86_rep_" op "(dst, x86_off(rdi, dbase), rcx, rax);")
				emit("  rdi = x86_ea(rdi, x86_sub(n0, rcx, 8), " sc ", 0);")
				t = tagz("rcx") tagz("rdi"); if (t != "") emit(" " t)
				emit("  if (rcx != 0) " fault(i) " }")
			} else die("rep " w[2] " not in the subset")
			continue
		}
		if (s ~ /nop/ || s == "xchg %ax,%ax") { emit(";"); continue }
		# the direction flag: clear at entry (the ABI's), modelled only in
		# a routine that writes it; rep's semantics are the forward ones
		if (s == "std" || s == "cld") { HASDF = 1; emit("df = " (s == "std") ";"); continue }
		if (mn == "ret") { emit(RET); FALLS = 0; continue }
		if (RELOC[i] != "") {
			# a tail call: the tail's model, proven on its own, at the
			# offset rdi stands at (rsi's must be the same), edx bytes
			if (mn != "jmp" || !(RELOC[i] in TAIL) || kind != "copy" || abi != "classic")
				die("'" s "' refers to " RELOC[i] ", not a C tail of the project")
			use("rdi"); use("rsi"); use("rdx"); use("rax")
			emit("/*@ assert tail_same_offset: x86_wrap(rsi - sbase, 8) == x86_wrap(rdi - dbase, 8); */")
			h = TAIL[RELOC[i]]; sub(/^model_/, "", h); TAILUSED[h] = h
			emit("rax = " TAIL[RELOC[i]] "(dst, src, x86_off(rdi, dbase), x86_mov(0, rdx, 4));")
			emit(RET); FALLS = 0; continue
		}
		if (mn == "jmp") { emit(jump(i, key(SEC[i], w[2]))); FALLS = 0; continue }
		if (mn in CC) { emit("if (" CC[mn] ") " jump(i, key(SEC[i], w[2]))); continue }
		if (nw != 2) die("instruction '" s "' not in the subset")
		operands(w[2])
		base = mn; if (!(base in OPS)) sub(/[bwlq]$/, "", base)
		if (base == "mov") {
			src = OP[1]; dst = OP[2]
			if (reg(dst)) {
				d = RG; wd = RW; use(d)
				if (reg(src)) { use(RG); emit(d " = x86_mov(" d ", " RG ", " wd ");" tagz(d)) }
				else if (imm(src) != "") emit(d " = x86_mov(" d ", " imm(src) ", " wd ");" tagz(d))
				else {
					if (kind != "copy") die("a load in a " kind " routine: " s)
					e = ea(src)
					emit("{ uint64_t o = " off(e, "sbase") ";")
					if (i in NOFAULT) emit("  " nofault(i, "o + " wd " <= hw_fs") "(void)x86_load(o, " wd ");")
					else emit("  if (!x86_load(o, " wd ")) " fault(i))
					emit("  " ((d in STSRC) ? "tag_" d " = o; tagn_" d " = " wd "; " : "") d " = x86_mov(" d ", x86_any(), " wd "); }")
				}
			} else {
				e = ea(dst)
				if (reg(src)) {
					use(RG)
					# a copy stores at the register's tag (x86_store_copy
					# requires the operand to be there), so a claimed no
					# fault is stated at the tag
					if (kind == "copy" && (i in NOFAULT))
						emit(nofault(i, "tag_" RG " + " RW " <= hw_fd") "(void)x86_store_copy(dst, src, " at(e) ", dbase, " RW ", tag_" RG ", tagn_" RG ");")
					else if (kind == "copy")
						emit("if (!x86_store_copy(dst, src, " at(e) ", dbase, " RW ", tag_" RG ", tagn_" RG ")) " fault(i))
					else emit("if (!x86_store_zero(dst, " off(e, "dbase") ", " RW ", " RG ")) " fault(i))
				} else if (imm(src) != "" && kind == "clear")
					emit("if (!x86_store_zero(dst, " off(e, "dbase") ", " suffixw(mn) ", " imm(src) ")) " fault(i))
				else die("store '" s "' not in the subset")
			}
			continue
		}
		if (base == "lea") {
			if (NOP != 2 || !reg(OP[2])) die("'" s "' not in the subset")
			d = RG; wd = RW; use(d)
			if (wd < 4) die("'" s "' not in the subset")
			emit(d " = x86_mov(" d ", " ea(OP[1]) ", " wd ");" tagz(d))
			continue
		}
		if (base == "inc" || base == "dec") {
			if (NOP != 1 || !reg(OP[1])) die("'" s "' not in the subset")
			d = RG; use(d)
			emit(d " = x86_" (base == "inc" ? "add" : "sub") "(" d ", 1, " RW "); " setf(i, "zf", "x86_zf(" d ", " RW ")") tagz(d))
			continue
		}
		# neg at 32 or 64 bits is 0 - d (a 4-byte result zero extends, so
		# x86_sub from 0 is exact there; at 1 or 2 bytes the old upper
		# bytes would be lost: refused); CF is set unless d was 0
		if (base == "neg") {
			if (NOP != 1 || !reg(OP[1]) || RW < 4) die("'" s "' not in the subset")
			d = RG; use(d)
			emit(setf(i, "cf", "x86_cf_sub(0, " d ", " RW ")") d " = x86_sub(0, " d ", " RW "); " setf(i, "zf", "x86_zf(" d ", " RW ")") tagz(d))
			continue
		}
		if (base == "shr") {
			if (NOP == 1) { OP[2] = OP[1]; OP[1] = "$0x1" }
			if (!reg(OP[2]) || imm(OP[1]) == "") die("'" s "' not in the subset")
			d = RG; use(d)
			k = imm(OP[1]); p = pow2(OP[1])
			emit(setf(i, "cf", "x86_cf_shr(" d ", " k ", " sprintf("%.0fULL", p / 2) ", " RW ")") d " = x86_shr(" d ", " k ", " sprintf("%.0fULL", p) ", " RW "); " setf(i, "zf", "x86_zf(" d ", " RW ")") tagz(d))
			continue
		}
		if (base == "add" || base == "sub" || base == "and" || base == "or" || base == "xor" || base == "cmp" || base == "test") {
			if (NOP != 2 || !reg(OP[2])) die("'" s "' not in the subset")
			d = RG; wd = RW; use(d)
			if (reg(OP[1])) { use(RG); v = RG } else if (imm(OP[1]) != "") v = imm(OP[1]); else die("'" s "' not in the subset")
			if (base == "add" || base == "sub")
				emit(setf(i, "cf", "x86_cf_" base "(" d ", " v ", " wd ")") d " = x86_" base "(" d ", " v ", " wd "); " setf(i, "zf", "x86_zf(" d ", " wd ")") tagz(d))
			else if (base == "cmp" || base == "test") {
				t = setf(i, "cf", base == "cmp" ? "x86_cf_sub(" d ", " v ", " wd ")" : "0") \
				    setf(i, "zf", "x86_zf(x86_" (base == "cmp" ? "sub" : "and") "(" d ", " v ", " wd "), " wd ")")
				emit(t == "" ? ";" : t)
			} else
				emit(d " = x86_" base "(" d ", " v ", " wd "); " setf(i, "cf", "0") setf(i, "zf", "x86_zf(" d ", " wd ")") tagz(d))
			continue
		}
		die("instruction '" s "' not in the subset")
	}
	if (FALLS) die("the last instruction falls off the end")

	# the entry state, by ABI
	if (abi == "rep") { use("rdi"); use("rsi"); use("rcx")
		entry = "rdi == dbase && rsi == sbase && rcx == len && unchanged{Pre, Here}(dst, 0, len)" }
	else if (abi == "classic") { use("rdi"); use("rsi"); use("rdx")
		entry = "rdi == dbase && rsi == sbase && rdx == len && unchanged{Pre, Here}(dst, 0, len)" }
	else { use("rdi"); use("rcx"); use("rax")
		entry = "rdi == dbase && rcx == len && rax == 0 && unchanged{Pre, Here}(dst, 0, len)" }
	regs = ""; for (i = 1; i <= 16; i++) if (r64[i] in USED) regs = regs (regs == "" ? "" : " ") r64[i]
	nr = split(regs, rl, " ")
	# The registers the ABI keeps (the registry's keeps, through KEEPS)
	# that the code writes (every write is emitted as "REG = "): each
	# return asserts it holds its entry value. The lab checks the same on
	# the CPU (tests/lab/run.c); a routine that writes none, or no DF, is
	# lifted exactly as before these checks.
	nk = split(ENVIRON["KEEPS"], kl, " "); kept = ""; checks = ""
	for (i = 1; i <= nk; i++) if ((kl[i] in USED) && BODY ~ ("(^|[^a-z0-9_])" kl[i] " = ")) {
		kept = kept "\tconst uint64_t keep_" kl[i] " = " kl[i] ";\n"
		checks = checks "/*@ assert keeps_" kl[i] ": " kl[i] " == keep_" kl[i] "; */ "
	}
	if (HASDF) checks = checks "/*@ assert df_clear: df == 0; */ "
	gsub(/@RET@/, checks == "" ? RETV : "{ " checks RETV " }", BODY)
	for (i in NOFAULT) if (!(i in NFDONE)) die("'no fault' at " NOFAULT[i] ": not a reachable load or register store of a copy")
	gsub(/@DF@/, HASDF ? "/*@ assert df_forward: df == 0; */ " : "", BODY)
	# a register written only by loads (an arbitrary value: the data is
	# not modelled) and read by nothing, since a copy stores from its tag:
	# its value writes are dead too, left out, and it leaves the loop
	# assigns. Any read (an operand, an address, the return, a kept-
	# register check, an annotation) names it in the C or the ACSL, so
	# the test is textual.
	allinv = entry; for (t in INV) allinv = allinv " " INV[t]
	for (i = 1; i <= nr; i++) {
		r = rl[i]; t = BODY
		gsub(r " = x86_mov\\(" r ", x86_any\\(\\), [1248]\\); ", "", t)
		code = t; gsub(/\/\* [^*]*\*\//, "", code)	# not the instructions' comments
		if (t == BODY || (code " " allinv " " kept) ~ ("(^|[^a-z0-9_])" r "([^a-z0-9_]|$)")) continue
		BODY = t; NOVAL[r] = 1
	}

	print "#include \"" row ".h\""
	print "#include \"x86.h\""
	for (t in TAILUSED) print "#include \"" TAILUSED[t] ".h\""
	print ""
	print "#pragma GCC diagnostic ignored \"-Wunused-label\""
	print "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\""
	print "#pragma GCC diagnostic ignored \"-Wunused-variable\""
	if (kind == "copy")
		print "size_t model_" row "(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr)"
	else print "size_t model_" row "(uint8_t *dst, size_t len, size_t daddr)"
	print "{"
	print "\tconst uint64_t dbase = daddr;"
	if (kind == "copy") print "\tconst uint64_t sbase = x86_any();\t/* the source's address: any */"
	for (i = 1; i <= nr; i++) {
		decl = ((rl[i] in NOVAL) ? "" : rl[i] " = x86_any()") ((rl[i] in STSRC) ? ", tag_" rl[i] " = 0, tagn_" rl[i] " = 0" : "")
		sub(/^, /, "", decl)
		if (decl != "") print "\tuint64_t " decl ";"
	}
	print "\tint cf = x86_any_flag(), zf = x86_any_flag();"
	if (HASDF) print "\tint df = 0;\t/* the ABI: clear at entry */"
	print "\tint pc = 1;"
	if (abi == "rep") print "\trdi = dbase; rsi = sbase; rcx = len;"
	else if (abi == "classic") print "\trdi = dbase; rsi = sbase; rdx = len;"
	else print "\trdi = dbase; rcx = len; rax = 0;"
	printf "%s", kept
	# One invariant: a case per cut point, its pc and what holds there
	# (the entry state at pc 1, a cut point's annotations, or nothing).
	# Stated as one clause per cut point (pc == N ==> ...), WP proved
	# every cut point's parts on every path into the loop's back edge,
	# all but one trivially, each a goal of its own; as cases of one
	# disjunction, Qed drops the cases a path's pc rules out, so a path
	# is one goal (its own case's parts left to the prover). The two
	# forms are equivalent, since the pc values differ.
	cases = ""
	for (i = 1; i <= NI; i++) if (K[i] in CUT) {
		c = (i == 1) ? "(" entry ")" : ""
		if (K[i] in INV) c = (c == "" ? "" : c " && ") "(" INV[K[i]] ")"
		name = (i == 1) ? "entry" : "at_" keyname(K[i])
		cases = cases (cases == "" ? "" : " ||\n\t\t    ") "(" name ": pc == " i (c == "" ? "" : " && " c) ")"
	}
	print "\t/*@ loop invariant cuts:\n\t\t    " cases ";"
	if (HASDF) print "\t    loop invariant df_clear: df == 0;"
	as = "pc, cf, zf" (HASDF ? ", df" : ""); for (i = 1; i <= nr; i++) as = as ((rl[i] in NOVAL) ? "" : ", " rl[i]) ((rl[i] in STSRC) ? ", tag_" rl[i] ", tagn_" rl[i] : "")
	print "\t    loop assigns " as ", dst[0 .. len - 1];"
	if (VARIANT != "") print "\t    loop variant " VARIANT ";"
	print "\t*/"
	print "\tfor (;;) {"
	for (i = 1; i <= NI; i++) if (K[i] in CUT) print "\t\tif (pc == " i ") goto " lab(K[i]) ";"
	print "\t\tgoto L_oops;"
	printf "%s", BODY
	print "\t}"
	print "L_oops:\t/* a fault with no __ex_table entry, or a jump out: must be unreachable */"
	print "\t/*@ assert no_oops: \\false; */"
	print "\treturn len;"
	print "}"
}
