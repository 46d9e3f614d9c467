/*
 * fsrm: the inline rep movsb of copy_user_generic (v6.4+,
 * arch/x86/include/asm/uaccess_64.h) on CPUs with FSRM, where short rep
 * movsb is fast enough to need no alternative. There is no tail: the
 * exception-table entry resumes right after the instruction, so rcx as the
 * fault left it is the result.
 *
 * rep ABI: rdi to, rsi from, rcx count; rcx = bytes not copied.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_fsrm)
1:	rep movsb
2:	RET

	_ASM_EXTABLE_UA(1b, 2b)
SYM_FUNC_END(ucopy_fsrm)
EXPORT_SYMBOL(ucopy_fsrm)
