/*
 * Mutant of asm/erms.S: the fix-up's loop tests a register it never
 * changes, so any fault makes the routine spin. The lab's per-case time
 * limit must end it and report a timeout.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>

ENTRY(ucopy_mut_erms_spin)
	ASM_STAC
	movl %edx,%ecx
1:	rep movsb
	xorl %eax,%eax
	ASM_CLAC
	ret

	.section .fixup,"ax"
12:	movl %ecx,%edx
13:	testl %edx,%edx			/* MUTANT: nothing counts down */
	jnz 13b
	jmp copy_user_handle_tail
	.previous

	_ASM_EXTABLE(1b,12b)
ENDPROC(ucopy_mut_erms_spin)
