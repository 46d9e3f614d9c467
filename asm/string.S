/*
 * string: copy_user_generic_string, v2.6.27-v5.1 (arch/x86/lib/copy_user_64.S),
 * chosen on CPUs with X86_FEATURE_REP_GOOD but not ERMS.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 *
 *   len < 8    rep movsb of len
 *   else       ALIGN_DESTINATION, rep movsq of len / 8, rep movsb of len & 7
 *
 * Fix-ups: in the quadword string rcx counts quadwords left, so the bytes
 * left are rcx * 8 + len & 7; in the byte string rcx is already bytes.
 * Either way copy_user_handle_tail retries from where rsi/rdi stopped.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

ENTRY(ucopy_string)
	ASM_STAC
	cmpl $8,%edx
	jb 2f				/* short: bytes only */
	ALIGN_DESTINATION
	movl %edx,%ecx
	shrl $3,%ecx			/* quadwords */
	andl $7,%edx			/* bytes after them */
1:	rep movsq
2:	movl %edx,%ecx
3:	rep movsb
	xorl %eax,%eax
	ASM_CLAC
	ret

	.section .fixup,"ax"
11:	leal (%rdx,%rcx,8),%ecx		/* quadwords left * 8 + len & 7 */
12:	movl %ecx,%edx			/* bytes left */
	jmp UCOPY_TAIL
	.previous

	_ASM_EXTABLE(1b,11b)
	_ASM_EXTABLE(3b,12b)
ENDPROC(ucopy_string)
EXPORT_SYMBOL(ucopy_string)
