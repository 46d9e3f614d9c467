/*
 * clear_erms: clear_user_erms of 0db7058e8e23 (v6.1-v6.3), on ERMS CPUs
 * without FSRM. Below 64 bytes, clear_user_original; otherwise one rep
 * stosb whose fault returns its rcx.
 *
 * stos ABI: rdi addr, rcx count, rax = 0; rcx = bytes not cleared.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_clear_erms)
	cmp $64,%rcx
	jb ucopy_clear_original

.Lerms_bytes:
	rep stosb

.Lerms_exit:
	xorl %eax,%eax
	RET

	_ASM_EXTABLE_UA(.Lerms_bytes, .Lerms_exit)
SYM_FUNC_END(ucopy_clear_erms)
EXPORT_SYMBOL(ucopy_clear_erms)
