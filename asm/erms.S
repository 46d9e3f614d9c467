/*
 * erms: copy_user_enhanced_fast_string as first merged (v3.x-v4.12, before
 * commit 236222d39347), chosen with X86_FEATURE_ERMS: a single rep movsb
 * for every length.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 * Fix-up: rcx is the bytes rep movsb had left; copy_user_handle_tail
 * retries them one at a time.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

ENTRY(ucopy_erms)
	ASM_STAC
	movl %edx,%ecx
1:	rep movsb
	xorl %eax,%eax
	ASM_CLAC
	ret

	.section .fixup,"ax"
12:	movl %ecx,%edx			/* bytes left */
	jmp copy_user_handle_tail
	.previous

	_ASM_EXTABLE(1b,12b)
ENDPROC(ucopy_erms)
EXPORT_SYMBOL(ucopy_erms)
