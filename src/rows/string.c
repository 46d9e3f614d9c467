/*
 * string: copy_user_generic_string, v2.6.27-v5.1 (arch/x86/lib/copy_user_64.S),
 * chosen with X86_FEATURE_REP_GOOD.
 *
 *   len < 8    rep movsb of len
 *   else       ALIGN_DESTINATION, rep movsq of len / 8, rep movsb of len % 8
 * Fix-ups (then tail_c from where rsi/rdi stopped):
 *   rep movsq  rcx * 8 + edx  (quadwords left, plus len % 8)
 *   rep movsb  rcx            (bytes left)
 * The registers stop where the report says, so under a lagging report tail_c
 * re-copies what was stored but not reported: EXACT either way.
 */
#include "string.h"
#include "tail.h"
#include "align_destination.h"

/* The closing rep movsb of edx bytes from off (labels 2/3). */
/*@ UCOPY_TAIL_KIND
    requires no_wrap: off + edx <= UCOPY_LEN_MAX;
    UCOPY_STAGE(off + edx)
*/
static size_t string_bytes(enum tail_kind kind, uint8_t *dst,
			   const uint8_t *src, size_t off, uint32_t edx)
{
	size_t ecx = hw_rep_movsb(dst, src, off, edx);

	if (ecx)
		return run_tail(kind, dst, src, off + edx - ecx, ecx);
	return 0;
}

/* Contract in string.h. */
size_t string_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		   size_t len, size_t daddr)
{
	size_t ret, off, ecx, left;
	uint32_t edx;

	if (len < 8)
		return string_bytes(kind, dst, src, 0, (uint32_t)len);
	ret = align_destination(kind, dst, src, len, daddr);
	if (ret != UCOPY_GO_ON)
		return ret;
	off = (8 - daddr % 8) % 8;	/* what ALIGN_DESTINATION copied */
	edx = (uint32_t)(len - off);
	ecx = edx / 8;			/* shrl $3 */
	edx %= 8;			/* andl $7 */
	left = hw_rep_movsq(dst, src, off, ecx);
	if (left)
		return run_tail(kind, dst, src, off + 8 * (ecx - left),
				left * 8 + edx);
	return string_bytes(kind, dst, src, off + 8 * ecx, edx);
}

size_t model_string(uint8_t *dst, const uint8_t *src, size_t len,
		    size_t daddr)
{
	return string_copy(TAIL_C, dst, src, len, daddr);
}
