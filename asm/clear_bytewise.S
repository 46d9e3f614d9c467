/*
 * clear_bytewise: the reference clear, one movb per byte; a fault returns
 * the bytes left. Not a kernel routine: the row every EXACT clear is
 * compared with.
 *
 * stos ABI: rdi addr, rcx count, rax = 0; rcx = bytes not cleared.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_clear_bytewise)
	testq %rcx,%rcx
	je 2f
1:	movb %al,(%rdi)
	incq %rdi
	decq %rcx
	jnz 1b
2:	RET

	_ASM_EXTABLE_UA(1b, 2b)
SYM_FUNC_END(ucopy_clear_bytewise)
EXPORT_SYMBOL(ucopy_clear_bytewise)
