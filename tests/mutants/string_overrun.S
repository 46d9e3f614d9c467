/*
 * Mutant of asm/string.S: the final rep movsb moves one byte more than is
 * left, a one-byte overrun of the destination (and an over-read of the
 * source). The sweep must report the write outside [dst, dst + len).
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>

ENTRY(ucopy_mut_string_overrun)
	ASM_STAC
	cmpl $8,%edx
	jb 2f
	ALIGN_DESTINATION
	movl %edx,%ecx
	shrl $3,%ecx
	andl $7,%edx
1:	rep movsq
2:	leal 1(%rdx),%ecx		/* MUTANT: one byte too many */
3:	rep movsb
	xorl %eax,%eax
	ASM_CLAC
	ret

	.section .fixup,"ax"
11:	leal (%rdx,%rcx,8),%ecx
12:	movl %ecx,%edx
	jmp copy_user_handle_tail
	.previous

	_ASM_EXTABLE(1b,11b)
	_ASM_EXTABLE(3b,12b)
ENDPROC(ucopy_mut_string_overrun)
