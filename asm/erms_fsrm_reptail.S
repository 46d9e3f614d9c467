/*
 * erms_fsrm_reptail: copy_user_enhanced_fast_string on an FSRM CPU, v5.17
 * (244122b4d2e5) to v6.3: the short-copy test is an alternative that FSRM
 * patches out, so every length is one rep movsb, and its fix-up goes to
 * the rep movsb tail (asm/tail_rep.S). The v5.10+ tail's machine-check
 * exit (asm/tail_rep_mc.S) does not change a page fault's outcome.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_erms_fsrm_reptail)
	ASM_STAC
	movl %edx,%ecx
1:	rep movsb
	xorl %eax,%eax
	ASM_CLAC
	RET

	.section .fixup,"ax"
12:	movl %ecx,%edx			/* rep movsb: bytes left */
	jmp ucopy_tail_rep
	.previous

	_ASM_EXTABLE_UA(1b, 12b)
SYM_FUNC_END(ucopy_erms_fsrm_reptail)
EXPORT_SYMBOL(ucopy_erms_fsrm_reptail)
