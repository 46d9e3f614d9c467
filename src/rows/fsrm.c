/*
 * fsrm: the inline rep movsb of copy_user_generic, v6.4+
 * (arch/x86/include/asm/uaccess_64.h), on CPUs with FSRM. One instruction
 * for every length; its exception-table entry resumes right after it, so
 * rcx as the fault left it is the result (no tail, no retry).
 *
 * Exact when rep movsb reports its progress exactly; when the report may
 * lag, only WEAK: bytes stored past the reported count stay stored, and a
 * copy that stored something may report nothing done.
 */
#include "fsrm.h"

size_t model_fsrm(uint8_t *dst, const uint8_t *src, size_t len,
		  size_t daddr)
{
	(void)daddr;	/* rep movsb: alignment is the CPU's business */
	return hw_rep_movsb(dst, src, 0, len);
}
