/*
 * erms_short_v5: copy_user_enhanced_fast_string in v5.x, after commit
 * 3693ca81151e moved the tail into asm: the same shape as erms_short, but
 * every fix-up jumps to the rep movsb tail (tail_rep), whose count register
 * is returned as it is. Exact when rep movsb reports faults exactly; with a
 * lagging report only WEAK (tests/levels shows the counterexample).
 */
#include "unrolled.h"
#include "ucopy.h"

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures WEAK{Post}(dst, (uint8_t *)src, len, fs, fd, \result);
    behavior exact_hw:
      assumes lag == 0;
      ensures EXACT{Pre, Post}(dst, (uint8_t *)src, len, fs, fd, \result);
*/
size_t model_erms_short_v5(uint8_t *dst, const uint8_t *src, size_t len,
			   size_t daddr, size_t fs, size_t fd, size_t lag)
{
	size_t ecx;

	(void)daddr;
	if (len < 64)
		return unrolled_short(TAIL_REP, dst, src, 0, (uint32_t)len, fs, fd, lag);
	ecx = hw_rep_movsb(dst, src, 0, len, fs, fd, lag);
	if (ecx)
		return model_tail_rep(dst, src, len - ecx, ecx, fs, fd, lag);
	return 0;
}
