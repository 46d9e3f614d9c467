/*
 * bytewise: the reference strategy, one byte at a time; the oracle every
 * other routine is compared with. Not a kernel routine, so it needs no
 * tail handler: the first faulting byte ends the copy and is still
 * counted as not copied.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>

SYM_FUNC_START(ucopy_bytewise)
	ASM_STAC
	movl %edx,%ecx
	testl %ecx,%ecx
	jz 3f
1:	movb (%rsi),%al
2:	movb %al,(%rdi)
	incq %rsi
	incq %rdi
	decl %ecx
	jnz 1b
3:	movl %ecx,%eax			/* bytes left: 0 unless a fault stopped us */
	ASM_CLAC
	RET

	_ASM_EXTABLE_UA(1b, 3b)
	_ASM_EXTABLE_UA(2b, 3b)
SYM_FUNC_END(ucopy_bytewise)
