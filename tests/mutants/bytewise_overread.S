/*
 * Mutant of asm/bytewise.S: after the loop it reads one byte past the end
 * of the source (a stray "prefetch"), with an exception-table entry so the
 * fault is fixed up quietly. Nothing it returns or writes is wrong; only
 * the access is. The lab must see the fault at src + len, where a buffer
 * that ends at a guard page has none to give, and report it.
 */
#include <linux/linkage.h>
#include <asm/asm.h>

SYM_FUNC_START(ucopy_mut_bytewise_overread)
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
4:	movb (%rsi),%dl			/* MUTANT: reads src[len] */
5:	RET

	_ASM_EXTABLE_UA(1b, 3b)
	_ASM_EXTABLE_UA(2b, 3b)
	_ASM_EXTABLE_UA(4b, 5b)
SYM_FUNC_END(ucopy_mut_bytewise_overread)
