/*
 * string: copy_user_generic_string, v4.x (arch/x86/lib/copy_user_64.S),
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
#include "tail.h"
#include "ucopy.h"

/* The closing rep movsb of edx bytes from off (labels 2/3). */
/*@ requires off + edx <= UCOPY_LEN_MAX;
    requires off <= fault_at(fs, fd);
    requires span(dst, (uint8_t *)src, off, off + edx);
    assigns dst[off .. off + edx - 1];
    ensures exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + edx, fs, fd, \result);
*/
static size_t string_bytes(uint8_t *dst, const uint8_t *src, size_t off,
			   uint32_t edx, size_t fs, size_t fd, size_t lag)
{
	size_t ecx = hw_rep_movsb(dst, src, off, edx, fs, fd, lag);

	if (ecx)
		return model_tail_c(dst, src, off + edx - ecx, ecx, fs, fd);
	return 0;
}

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures EXACT{Pre, Post}(dst, (uint8_t *)src, len, fs, fd, \result);
*/
size_t model_string(uint8_t *dst, const uint8_t *src, size_t len,
		    size_t daddr, size_t fs, size_t fd, size_t lag)
{
	size_t ret, off, ecx, left;
	uint32_t edx;

	if (len < 8)
		return string_bytes(dst, src, 0, (uint32_t)len, fs, fd, lag);
	ret = align_destination(dst, src, len, daddr, fs, fd);
	if (ret != UCOPY_GO_ON)
		return ret;
	off = (8 - daddr % 8) % 8;	/* what ALIGN_DESTINATION copied */
	edx = (uint32_t)(len - off);
	ecx = edx / 8;			/* shrl $3 */
	edx %= 8;			/* andl $7 */
	left = hw_rep_movsq(dst, src, off, ecx, fs, fd, lag);
	if (left)
		return model_tail_c(dst, src, off + 8 * (ecx - left),
				    left * 8 + edx, fs, fd);
	return string_bytes(dst, src, off + 8 * ecx, edx, fs, fd, lag);
}
