/*
 * erms: copy_user_enhanced_fast_string before commit 236222d39347 (up to
 * v4.12; present in v3.2), chosen with X86_FEATURE_ERMS: one rep movsb for every length.
 * Fix-up: rcx is the bytes rep movsb reports left; tail_c retries them from
 * where rsi/rdi stopped, so a lagging report only costs a re-copy.
 * Contract in erms.h.
 */
#include "erms.h"
#include "tail_c.h"

size_t model_erms(uint8_t *dst, const uint8_t *src, size_t len,
		  size_t daddr)
{
	size_t ecx = hw_rep_movsb(dst, src, 0, len);

	(void)daddr;
	if (ecx)
		return model_tail_c(dst, src, len - ecx, ecx);
	return 0;
}
