/*
 * erms_short: copy_user_enhanced_fast_string after commit 236222d39347
 * (v4.13, the merged form of the 2017 short-string patch): len < 64 enters
 * the unrolled routine's short path (8-byte loop, byte loop, their fix-ups,
 * no destination alignment); longer copies are one rep movsb whose fault
 * goes to tail_c with rcx bytes left.
 */
#include "unrolled.h"
#include "ucopy.h"

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures EXACT{Pre, Post}(dst, (uint8_t *)src, len, fs, fd, \result);
*/
size_t model_erms_short(uint8_t *dst, const uint8_t *src, size_t len,
			size_t daddr, size_t fs, size_t fd, size_t lag)
{
	size_t ecx;

	(void)daddr;
	if (len < 64)
		return unrolled_short(TAIL_C, dst, src, 0, (uint32_t)len, fs, fd, lag);
	ecx = hw_rep_movsb(dst, src, 0, len, fs, fd, lag);
	if (ecx)
		return model_tail_c(dst, src, len - ecx, ecx, fs, fd);
	return 0;
}
