/*
 * movs_alt: rep_movs_alternative, v6.4+ (arch/x86/lib/copy_user_64.S), on
 * a CPU with ERMS: the large path is the rep movsb side of the alternative.
 *
 *   len >= 64        rep movsb; a fault resumes right after it, so rcx as
 *                    the fault left it is the result (no retry)
 *   8 <= len < 64    quadword loop; a fault hands the rest to the byte tail
 *   rest             byte tail; a fault returns the bytes left
 *
 * Exact when rep movsb reports its progress exactly; when the report may
 * lag, only WEAK: bytes stored past the reported count stay stored, and a
 * copy that stored something may report nothing done.
 */
#include "movs_alt.h"
#include "stages.h"

size_t model_movs_alt(uint8_t *dst, const uint8_t *src, size_t len,
		      size_t daddr)
{
	(void)daddr;	/* nothing here depends on alignment */
	if (len >= 64)			/* cmpq $64,%rcx; jae .Llarge */
		return hw_rep_movsb(dst, src, 0, len);
	return movs_short(dst, src, len);
}
