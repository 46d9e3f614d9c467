/*
 * Mutant of asm/bytewise.S: the fix-up goes back to retry the byte that
 * faulted, which faults again, for ever. The lab must stop it and report
 * a fix-up loop.
 */
#include <linux/linkage.h>
#include <asm/asm.h>

SYM_FUNC_START(ucopy_mut_bytewise_refault)
	movl %edx,%ecx
	testl %ecx,%ecx
	jz 3f
1:	movb (%rsi),%al
2:	movb %al,(%rdi)
	incq %rsi
	incq %rdi
	decl %ecx
	jnz 1b
3:	movl %ecx,%eax
	RET

	_ASM_EXTABLE_UA(1b, 1b)		/* MUTANT: resumes at the fault */
	_ASM_EXTABLE_UA(2b, 1b)
SYM_FUNC_END(ucopy_mut_bytewise_refault)
