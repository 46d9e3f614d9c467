/*
 * movs_fast: a proposed rep_movs_alternative for FSRM/ERMS CPUs, proven
 * EXACT whether rep movsb reports a fault's progress exactly or late
 * (model: src/rows/movs_fast.c).
 *
 * rep ABI: rdi to, rsi from, rcx count; rcx = bytes not copied. Only rax,
 * rcx, rsi and rdi change, as the v6.6+ callers of rep_movs_alternative
 * allow.
 *
 *   2 <= len <= 7      two overlapping moves of 2 or 4 bytes: the
 *                      second rewrites the bytes the two share with the
 *                      values the first stored there (0, 1: byte loop)
 *   8 <= len < 512     the last quadword, then 32-byte blocks and
 *                      quadwords from the start, at least one, while
 *                      more than the last 8 bytes are left (the last may
 *                      overlap them)
 *   len >= 512         rep movsb
 *
 * Every fault, whichever access takes it, ends in the byte loop, which
 * retries from the first byte the registers do not count as copied: from
 * the start of a short copy, from the faulting quadword of the loop, from
 * where rep movsb's rcx says it stopped; rcx always counts to the end of
 * the copy. The byte loop stops at the first byte that faults, so the
 * result is exact however late the count is.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_movs_fast)
	/*
	 * From 8 bytes on, .Lmid: 8..16 bytes there (two quadwords, the
	 * second through the loop) took 14 ticks here against 17 for the
	 * same two moves on a path of their own.
	 */
	cmpq $8,%rcx
	jae .Lmid
	cmpl $4,%ecx
	jb .Lbelow4
4:	movl (%rsi),%eax
5:	movl %eax,(%rdi)
6:	movl -4(%rsi,%rcx),%eax
7:	movl %eax,-4(%rdi,%rcx)
	xorl %ecx,%ecx
	RET

	/* the pointers and rcx are untouched: retry the whole copy */
	_ASM_EXTABLE_UA( 4b, .Lretry)
	_ASM_EXTABLE_UA( 5b, .Lretry)
	_ASM_EXTABLE_UA( 6b, .Lretry)
	_ASM_EXTABLE_UA( 7b, .Lretry)

.Lbelow4:
	cmpl $2,%ecx
	jb .Lretry			/* 0 or 1 byte: the byte loop */
8:	movw (%rsi),%ax
9:	movw %ax,(%rdi)
10:	movw -2(%rsi,%rcx),%ax
11:	movw %ax,-2(%rdi,%rcx)
	xorl %ecx,%ecx
	RET

	_ASM_EXTABLE_UA( 8b, .Lretry)
	_ASM_EXTABLE_UA( 9b, .Lretry)
	_ASM_EXTABLE_UA(10b, .Lretry)
	_ASM_EXTABLE_UA(11b, .Lretry)

.Lretry:
	testq %rcx,%rcx
	je .Lexit
.Lcopy_user_tail:
12:	movb (%rsi),%al
13:	movb %al,(%rdi)
	inc %rsi
	inc %rdi
	dec %rcx
	jne .Lcopy_user_tail
.Lexit:
	RET

	_ASM_EXTABLE_UA(12b, .Lexit)
	_ASM_EXTABLE_UA(13b, .Lexit)

	.p2align 4
.Lmid:
	cmpq $512,%rcx
	jae .Llarge
	/*
	 * A load of a source byte 4 KiB away from a destination byte just
	 * stored stalls (AMD Zen; (dst - src) mod 4096 small). So the last
	 * quadword goes first, and each block top down: the loads that
	 * follow a store are then far from it. rsi/rdi/rcx are untouched
	 * until the last quadword is stored: a fault retries the whole copy.
	 */
14:	movq -8(%rsi,%rcx),%rax
15:	movq %rax,-8(%rdi,%rcx)
	cmpq $32,%rcx
	jb .Lword			/* 8..31: a quadword at least (8: [0, 8) again) */
.Lblock:
16:	movq 24(%rsi),%rax		/* a block top down, see above */
17:	movq %rax,24(%rdi)
18:	movq 16(%rsi),%rax
19:	movq %rax,16(%rdi)
20:	movq 8(%rsi),%rax
21:	movq %rax,8(%rdi)
22:	movq (%rsi),%rax
23:	movq %rax,(%rdi)
	addq $32,%rsi
	addq $32,%rdi
	subq $32,%rcx
	cmpq $32,%rcx
	jae .Lblock			/* a whole block left (it may overlap the last 8) */
	cmpq $8,%rcx
	jbe .Ldone
.Lword:
24:	movq (%rsi),%rax
25:	movq %rax,(%rdi)
	addq $8,%rsi
	addq $8,%rdi
	subq $8,%rcx
	cmpq $8,%rcx
	ja .Lword			/* the last 1..8 bytes are stored already */
.Ldone:
	xorl %ecx,%ecx
	RET

	/* rsi/rdi/rcx describe the block or quadword that faulted and the rest */
	_ASM_EXTABLE_UA(14b, .Lretry)
	_ASM_EXTABLE_UA(15b, .Lretry)
	_ASM_EXTABLE_UA(16b, .Lretry)
	_ASM_EXTABLE_UA(17b, .Lretry)
	_ASM_EXTABLE_UA(18b, .Lretry)
	_ASM_EXTABLE_UA(19b, .Lretry)
	_ASM_EXTABLE_UA(20b, .Lretry)
	_ASM_EXTABLE_UA(21b, .Lretry)
	_ASM_EXTABLE_UA(22b, .Lretry)
	_ASM_EXTABLE_UA(23b, .Lretry)
	_ASM_EXTABLE_UA(24b, .Lretry)
	_ASM_EXTABLE_UA(25b, .Lretry)

.Llarge:
26:	rep movsb
	RET

	/* rsi/rdi/rcx say where rep movsb stopped, maybe short of the fault */
	_ASM_EXTABLE_UA(26b, .Lretry)
SYM_FUNC_END(ucopy_movs_fast)
EXPORT_SYMBOL(ucopy_movs_fast)
