/*
 * clear_original: clear_user_original of 0db7058e8e23 (v6.1-v6.3,
 * arch/x86/lib/clear_page_64.S), clear_user's call without REP_GOOD.
 *
 * stos ABI: rdi addr, rcx count, rax = 0; rcx = bytes not cleared, rax
 * zero again on return (the caller's inline asm gave it as an input).
 *   .Lqwords  rcx / 8 quadword stores; a fault returns rcx * 8 + len % 8
 *   .Lbytes   len % 8 byte stores; a fault returns the bytes left
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_clear_original)
	mov %ecx,%eax			/* the low bits are all the byte loop needs */
	shr $3,%rcx
	jz .Lrest_bytes

	.p2align 4
.Lqwords:
	movq $0,(%rdi)
	lea 8(%rdi),%rdi
	dec %rcx
	jnz .Lqwords

.Lrest_bytes:
	and $7,%eax
	jz .Lexit

.Lbytes:
	movb $0,(%rdi)
	inc %rdi
	dec %eax
	jnz .Lbytes

.Lexit:
	xor %eax,%eax			/* rax is the caller's zero */
	RET

.Lqwords_exception:
	shl $3,%rcx			/* quadwords left, back in bytes */
	and $7,%eax
	add %rax,%rcx
	jmp .Lexit

.Lbytes_exception:
	mov %eax,%ecx
	jmp .Lexit

	_ASM_EXTABLE_UA(.Lqwords, .Lqwords_exception)
	_ASM_EXTABLE_UA(.Lbytes, .Lbytes_exception)
SYM_FUNC_END(ucopy_clear_original)
EXPORT_SYMBOL(ucopy_clear_original)
