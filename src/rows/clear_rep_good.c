/*
 * clear_rep_good: clear_user_rep_good of 0db7058e8e23 (v6.1-v6.3), on
 * REP_GOOD CPUs without ERMS. Below 64 bytes it is clear_user_original;
 * otherwise rep stosq over len / 8 quadwords, whose fault returns
 * rcx * 8 + len % 8, then rep stosb over len % 8 bytes, whose fault returns
 * its rcx as it stands.
 */
#include "clear_rep_good.h"
#include "clear_original.h"

size_t model_clear_rep_good(uint8_t *dst, size_t len, size_t daddr)
{
	size_t edx = len % 8;	/* mov %ecx,%edx; and $7 */
	size_t rcx;

	if (len < 64)
		return model_clear_original(dst, len, daddr);
	rcx = hw_rep_stosq(dst, 0, len / 8);
	if (rcx)
		return rcx * 8 + edx;	/* .Lrep_good_qwords_exception */
	if (!edx)
		return 0;
	return hw_rep_stosb(dst, len - edx, edx);
}
