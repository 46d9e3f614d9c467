/*
 * unrolled: copy_user_generic_unrolled, v2.6.27-v5.1 (arch/x86/lib/copy_user_64.S),
 * the default when the CPU has neither REP_GOOD nor ERMS.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 *
 *   len < 8    byte loop only
 *   else       ALIGN_DESTINATION (asm/asm.h), then 64-byte blocks, an
 *              8-byte loop for len & 63, a byte loop for len & 7
 *
 * Every fix-up turns the loop state into "bytes left from where the
 * pointers stand" in edx and hands over to copy_user_handle_tail
 * (asm/tail_c.S), which retries byte by byte.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

ENTRY(ucopy_unrolled)
	ASM_STAC
	cmpl $8,%edx
	jb 20f				/* too short to be worth aligning */
	ALIGN_DESTINATION
	movl %edx,%ecx
	andl $63,%edx			/* edx: what the blocks leave over */
	shrl $6,%ecx			/* ecx: 64-byte blocks */
	jz .L_copy_short_string

	/*
	 * One block: two rounds of four loads then four stores. rsi/rdi move
	 * only once the whole block is done, so a fault anywhere in it counts
	 * the block from its start (stores already made are simply redone by
	 * the tail).
	 */
1:	movq (%rsi),%r8
2:	movq 1*8(%rsi),%r9
3:	movq 2*8(%rsi),%r10
4:	movq 3*8(%rsi),%r11
5:	movq %r8,(%rdi)
6:	movq %r9,1*8(%rdi)
7:	movq %r10,2*8(%rdi)
8:	movq %r11,3*8(%rdi)
9:	movq 4*8(%rsi),%r8
10:	movq 5*8(%rsi),%r9
11:	movq 6*8(%rsi),%r10
12:	movq 7*8(%rsi),%r11
13:	movq %r8,4*8(%rdi)
14:	movq %r9,5*8(%rdi)
15:	movq %r10,6*8(%rdi)
16:	movq %r11,7*8(%rdi)
	leaq 64(%rsi),%rsi
	leaq 64(%rdi),%rdi
	decl %ecx
	jnz 1b

	/* Whole quadwords of what is left. */
.L_copy_short_string:
	movl %edx,%ecx
	andl $7,%edx			/* edx: bytes after the quadwords */
	shrl $3,%ecx			/* ecx: quadwords */
	jz 20f
18:	movq (%rsi),%r8
19:	movq %r8,(%rdi)
	leaq 8(%rsi),%rsi
	leaq 8(%rdi),%rdi
	decl %ecx
	jnz 18b

	/* The last 0..7 bytes (or all of a copy shorter than 8). */
20:	andl %edx,%edx
	jz 23f
	movl %edx,%ecx
21:	movb (%rsi),%al
22:	movb %al,(%rdi)
	incq %rsi
	incq %rdi
	decl %ecx
	jnz 21b
23:	xorl %eax,%eax
	ASM_CLAC
	ret

	.section .fixup,"ax"
30:	shll $6,%ecx			/* blocks left, this one included, * 64 */
	addl %ecx,%edx			/* + len & 63 */
	jmp 60f
40:	leal (%rdx,%rcx,8),%edx		/* quadwords left * 8 + len & 7 */
	jmp 60f
50:	movl %ecx,%edx			/* bytes left */
60:	jmp UCOPY_TAIL
	.previous

	_ASM_EXTABLE(1b,30b)
	_ASM_EXTABLE(2b,30b)
	_ASM_EXTABLE(3b,30b)
	_ASM_EXTABLE(4b,30b)
	_ASM_EXTABLE(5b,30b)
	_ASM_EXTABLE(6b,30b)
	_ASM_EXTABLE(7b,30b)
	_ASM_EXTABLE(8b,30b)
	_ASM_EXTABLE(9b,30b)
	_ASM_EXTABLE(10b,30b)
	_ASM_EXTABLE(11b,30b)
	_ASM_EXTABLE(12b,30b)
	_ASM_EXTABLE(13b,30b)
	_ASM_EXTABLE(14b,30b)
	_ASM_EXTABLE(15b,30b)
	_ASM_EXTABLE(16b,30b)
	_ASM_EXTABLE(18b,40b)
	_ASM_EXTABLE(19b,40b)
	_ASM_EXTABLE(21b,50b)
	_ASM_EXTABLE(22b,50b)
ENDPROC(ucopy_unrolled)
EXPORT_SYMBOL(ucopy_unrolled)
