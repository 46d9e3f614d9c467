/*
 * erms_short: copy_user_enhanced_fast_string after commit 236222d39347
 * (v4.13, the merged form of the 2017 short-string patch): rep movsb has a
 * start-up cost, so copies under 64 bytes take the unrolled routine's
 * short path instead: whole quadwords, then single bytes, with no
 * destination alignment.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 *
 * In the kernel the short path is a label inside
 * copy_user_generic_unrolled; one routine per file here, so this file
 * carries its own copy of it, fix-ups included. All fix-ups end in
 * copy_user_handle_tail (asm/tail_c.S).
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

ENTRY(ucopy_erms_short)
	ASM_STAC
	cmpl $64,%edx
	jb .L_copy_short_string		/* short: skip rep movsb's start-up */
	movl %edx,%ecx
1:	rep movsb
	xorl %eax,%eax
	ASM_CLAC
	ret

	/* The unrolled routine's short path: quadwords, then bytes. */
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
12:	movl %ecx,%edx			/* rep movsb: bytes left */
	jmp copy_user_handle_tail
40:	leal (%rdx,%rcx,8),%edx		/* quadwords left * 8 + len & 7 */
	jmp 60f
50:	movl %ecx,%edx			/* bytes left */
60:	jmp copy_user_handle_tail
	.previous

	_ASM_EXTABLE(1b,12b)
	_ASM_EXTABLE(18b,40b)
	_ASM_EXTABLE(19b,40b)
	_ASM_EXTABLE(21b,50b)
	_ASM_EXTABLE(22b,50b)
ENDPROC(ucopy_erms_short)
EXPORT_SYMBOL(ucopy_erms_short)
