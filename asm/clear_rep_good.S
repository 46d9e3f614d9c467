/*
 * clear_rep_good: clear_user_rep_good of 0db7058e8e23 (v6.1-v6.3), on
 * REP_GOOD CPUs without ERMS. Below 64 bytes, clear_user_original.
 *
 * stos ABI: rdi addr, rcx count, rax = 0; rcx = bytes not cleared; rdx
 * clobbered (the caller's inline asm says so).
 *   rep stosq  len / 8 quadwords; a fault returns rcx * 8 + len % 8
 *   rep stosb  len % 8 bytes; a fault returns its rcx
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_clear_rep_good)
	cmp $64,%rcx
	jb ucopy_clear_original

	mov %ecx,%edx			/* low bits for the rest */
	shr $3,%rcx
	jz .Lrep_good_rest_bytes

.Lrep_good_qwords:
	rep stosq

.Lrep_good_rest_bytes:
	and $7,%edx
	jz .Lrep_good_exit

	mov %edx,%ecx
.Lrep_good_bytes:
	rep stosb

.Lrep_good_exit:
	xor %eax,%eax
	RET

.Lrep_good_qwords_exception:
	shl $3,%rcx			/* quadwords left, back in bytes */
	and $7,%edx
	add %rdx,%rcx
	jmp .Lrep_good_exit

	_ASM_EXTABLE_UA(.Lrep_good_qwords, .Lrep_good_qwords_exception)
	_ASM_EXTABLE_UA(.Lrep_good_bytes, .Lrep_good_exit)
SYM_FUNC_END(ucopy_clear_rep_good)
EXPORT_SYMBOL(ucopy_clear_rep_good)
