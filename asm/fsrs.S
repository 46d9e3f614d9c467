/*
 * fsrs: clear_user's inline rep stosb (arch/x86/include/asm/uaccess_64.h)
 * on FSRS CPUs, d2c95f9d6802 (v6.4+); v6.1-v6.3 patched in the same
 * instruction on FSRM CPUs. The exception-table entry resumes right after
 * it: rcx as the fault left it is the result.
 *
 * stos ABI: rdi addr, rcx count, rax = 0; rcx = bytes not cleared.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_fsrs)
1:	rep stosb
2:	RET

	_ASM_EXTABLE_UA(1b, 2b)
SYM_FUNC_END(ucopy_fsrs)
EXPORT_SYMBOL(ucopy_fsrs)
