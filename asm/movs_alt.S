/*
 * movs_alt: rep_movs_alternative (v6.4+, arch/x86/lib/copy_user_64.S),
 * what copy_user_generic calls on CPUs without FSRM; this file is its
 * large path as patched in on ERMS CPUs (asm/movs_alt_movsq.S has the
 * other one).
 *
 * rep ABI: rdi to, rsi from, rcx count; rcx = bytes not copied. The
 * calling convention is rep movs' own, so the caller can be patched into
 * a plain rep movsb.
 *
 *   len >= 64       rep movsb; a fault returns its rcx as it stands
 *   8 <= len < 64   quadword loop; a fault falls into the byte loop with
 *                   rcx still counting the quadword that faulted
 *   rest            byte loop; a fault returns rcx, the bytes left
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_movs_alt)
	cmpq $64,%rcx
	jae .Llarge
	cmp $8,%ecx
	jae .Lword
	testl %ecx,%ecx
	je .Lexit

.Lcopy_user_tail:
0:	movb (%rsi),%al
1:	movb %al,(%rdi)
	inc %rdi
	inc %rsi
	dec %rcx
	jne .Lcopy_user_tail
.Lexit:
	RET

	_ASM_EXTABLE_UA( 0b, .Lexit)
	_ASM_EXTABLE_UA( 1b, .Lexit)

	.p2align 4
.Lword:
2:	movq (%rsi),%rax
3:	movq %rax,(%rdi)
	addq $8,%rsi
	addq $8,%rdi
	sub $8,%ecx
	je .Lexit
	cmp $8,%ecx
	jae .Lword
	jmp .Lcopy_user_tail		/* 1..7 bytes left */

	/* rsi/rdi/rcx still describe the faulting quadword: retry bytewise */
	_ASM_EXTABLE_UA( 2b, .Lcopy_user_tail)
	_ASM_EXTABLE_UA( 3b, .Lcopy_user_tail)

.Llarge:
0:	rep movsb			/* X86_FEATURE_ERMS alternative */
1:	RET

	_ASM_EXTABLE_UA( 0b, 1b)
SYM_FUNC_END(ucopy_movs_alt)
EXPORT_SYMBOL(ucopy_movs_alt)
