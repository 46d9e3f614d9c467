/*
 * fsrs: clear_user's inline rep stosb (arch/x86/include/asm/uaccess_64.h),
 * on CPUs with FSRS since d2c95f9d6802 (v6.4+; with FSRM from 0db7058e8e23,
 * v6.1-v6.3). One instruction; its exception-table entry resumes right
 * after it, so rcx as the fault left it is the result.
 *
 * EXACT when rep stosb reports exactly; under the delayed reading only
 * WEAK: zeroed bytes past the report stay zeroed, and a clear that stored
 * something may report nothing done.
 */
#include "fsrs.h"

size_t model_fsrs(uint8_t *dst, size_t len, size_t daddr)
{
	(void)daddr;
	return hw_rep_stosb(dst, 0, len);
}
