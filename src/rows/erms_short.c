/*
 * erms_short: copy_user_enhanced_fast_string after commit 236222d39347
 * (v4.13, the merged form of the 2017 short-string patch): len < 64 enters
 * the unrolled routine's short path (8-byte loop, byte loop, their fix-ups,
 * no destination alignment); longer copies are one rep movsb whose fault
 * goes to tail_c with rcx bytes left.
 */
#include "erms_short.h"
#include "unrolled.h"

size_t model_erms_short(uint8_t *dst, const uint8_t *src, size_t len,
			size_t daddr)
{
	size_t ecx;

	(void)daddr;
	if (len < 64)
		return unrolled_short(TAIL_C, dst, src, 0, (uint32_t)len);
	ecx = hw_rep_movsb(dst, src, 0, len);
	if (ecx)
		return model_tail_c(dst, src, len - ecx, ecx);
	return 0;
}
