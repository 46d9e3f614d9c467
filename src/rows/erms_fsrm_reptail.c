/*
 * erms_fsrm_reptail: copy_user_enhanced_fast_string on an FSRM CPU, v5.17-v6.3.
 * Commit 244122b4d2e5 made the short-copy test an alternative that FSRM
 * patches out, so every length takes the one rep movsb, and its fix-up the
 * rep movsb tail (tail_rep; from v5.10 that tail also has the
 * machine-check exit of tail_rep_mc, the same on a page fault). Exact when
 * rep movsb reports faults exactly; with a lagging report only WEAK.
 */
#include "erms_fsrm_reptail.h"
#include "tail_rep.h"

size_t model_erms_fsrm_reptail(uint8_t *dst, const uint8_t *src, size_t len,
			  size_t daddr)
{
	size_t ecx;

	(void)daddr;
	ecx = hw_rep_movsb(dst, src, 0, len);
	if (ecx)
		return model_tail_rep(dst, src, len - ecx, ecx);
	return 0;
}
