/*
 * erms_short: copy_user_enhanced_fast_string after commit 236222d39347
 * (v4.13, the merged form of the 2017 short-string patch): len < 64 enters
 * the unrolled routine's short path (8-byte loop, byte loop, their fix-ups,
 * no destination alignment); longer copies are one rep movsb whose fault
 * goes to the tail with rcx bytes left: tail_c up to v5.1 (model_erms_short),
 * the rep movsb tail from v5.2 (erms_short_reptail).
 */
#include "erms_short.h"
#include "unrolled.h"

/* Contract in erms_short.h. */
size_t erms_short_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		       size_t len)
{
	size_t ecx;

	if (len < 64)
		return unrolled_short(kind, dst, src, 0, (uint32_t)len);
	ecx = hw_rep_movsb(dst, src, 0, len);
	if (ecx)
		return run_tail(kind, dst, src, len - ecx, ecx);
	return 0;
}

size_t model_erms_short(uint8_t *dst, const uint8_t *src, size_t len,
			size_t daddr)
{
	(void)daddr;
	return erms_short_copy(TAIL_C, dst, src, len);
}
