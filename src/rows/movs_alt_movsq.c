/*
 * movs_alt_movsq: rep_movs_alternative on a CPU without ERMS, with the
 * large path of commit ca96b162bfd2 (v6.6, arch/x86/lib/copy_user_64.S).
 *
 *   len >= 64        rep movsq of len / 8, then the byte tail for len & 7;
 *                    a fault in rep movsq leaves rcx quadwords, and the
 *                    fix-up hands rcx * 8 + len & 7 to the byte tail at the
 *                    position rsi/rdi report
 *   8 <= len < 64    quadword loop; a fault hands the rest to the byte tail
 *   rest             byte tail; a fault returns the bytes left
 *
 * EXACT for every reporting lag: rep movsq never stores past the first
 * faulting quadword, and the byte tail redoes from the reported position
 * whatever the report left out (the same bytes again), so the result is
 * settled by the byte tail's own exact fault.
 */
#include "movs_alt_movsq.h"
#include "stages.h"

size_t model_movs_alt_movsq(uint8_t *dst, const uint8_t *src, size_t len,
			    size_t daddr)
{
	(void)daddr;	/* nothing here depends on alignment */
	if (len >= 64)			/* cmpq $64,%rcx; jae .Llarge */
		return movs_movsq(dst, src, 0, len);	/* .Llarge_movsq */
	return movs_short(dst, src, len);
}
