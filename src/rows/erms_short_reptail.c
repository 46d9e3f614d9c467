/*
 * erms_short_reptail: copy_user_enhanced_fast_string in v5.2-v6.3, after commit
 * 3693ca81151e moved the tail into asm: the same shape as erms_short, but
 * every fix-up jumps to the rep movsb tail (tail_rep), whose count register
 * is returned as it is. Exact when rep movsb reports faults exactly; with a
 * lagging report only WEAK (tests/levels shows the counterexample).
 */
#include "erms_short_reptail.h"
#include "erms_short.h"

size_t model_erms_short_reptail(uint8_t *dst, const uint8_t *src, size_t len,
				size_t daddr)
{
	(void)daddr;
	return erms_short_copy(TAIL_REP, dst, src, len);
}
