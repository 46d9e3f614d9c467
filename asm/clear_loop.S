/*
 * clear_loop: __clear_user of arch/x86/lib/usercopy_64.c (v2.6.12-v6.0),
 * its inline asm wrapped as a function (the compiler's register choice:
 * size8 in rcx, size1 in rdx, dst in rdi).
 *
 * Classic clear ABI: rdi addr, rsi size; rax = bytes not cleared.
 *   label 0: size8 = size / 8 quadword stores; a fault goes to 3, which
 *            returns size1 + size8 * 8 (the faulting quadword counted,
 *            no byte retry)
 *   label 1: size1 = size % 8 byte stores; a fault returns ecx, the
 *            bytes left
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

ENTRY(ucopy_clear_loop)
	movq %rsi,%rcx
	shrq $3,%rcx			/* size8 */
	movq %rsi,%rdx
	andl $7,%edx			/* size1 */
	ASM_STAC
	testq %rcx,%rcx
	jz 4f
0:	movq $0,(%rdi)
	addq $8,%rdi
	decl %ecx ; jnz 0b
4:	movq %rdx,%rcx
	testl %ecx,%ecx
	jz 2f
1:	movb $0,(%rdi)
	incq %rdi
	decl %ecx ; jnz 1b
2:	ASM_CLAC
	movq %rcx,%rax
	ret

	.section .fixup,"ax"
3:	lea 0(%rdx,%rcx,8),%rcx
	jmp 2b
	.previous

	_ASM_EXTABLE(0b,3b)
	_ASM_EXTABLE(1b,2b)
ENDPROC(ucopy_clear_loop)
EXPORT_SYMBOL(ucopy_clear_loop)
