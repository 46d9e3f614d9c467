/*
 * erms_short_reptail: copy_user_enhanced_fast_string as of v5.2-v6.3, after
 * commit 3693ca81151e moved the tail handler into asm: the same shape as
 * erms_short (copies under 64 bytes take the quadword + byte short path,
 * longer ones one rep movsb), but every fix-up now finishes with the
 * rep movsb tail (asm/tail_rep.S) instead of the byte-retry C tail. Under
 * exact fault reporting that is still byte-exact; under delayed reporting
 * the tail's rcx is the result.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 * Entries use the v4.20+ user-access macro, as v5.2+ does.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_erms_short_reptail)
	ASM_STAC
	cmpl $64,%edx
	jb .L_copy_short_string		/* short: skip rep movsb's start-up */
	movl %edx,%ecx
1:	rep movsb
	xorl %eax,%eax
	ASM_CLAC
	RET

	/* The short path: quadwords, then bytes; no destination alignment. */
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
	RET

	.section .fixup,"ax"
12:	movl %ecx,%edx			/* rep movsb: bytes left */
	jmp ucopy_tail_rep
40:	leal (%rdx,%rcx,8),%edx		/* quadwords left * 8 + len & 7 */
	jmp 60f
50:	movl %ecx,%edx			/* bytes left */
60:	jmp ucopy_tail_rep
	.previous

	_ASM_EXTABLE_UA(1b, 12b)
	_ASM_EXTABLE_UA(18b, 40b)
	_ASM_EXTABLE_UA(19b, 40b)
	_ASM_EXTABLE_UA(21b, 50b)
	_ASM_EXTABLE_UA(22b, 50b)
SYM_FUNC_END(ucopy_erms_short_reptail)
EXPORT_SYMBOL(ucopy_erms_short_reptail)
