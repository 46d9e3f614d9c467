/*
 * unrolled: copy_user_generic_unrolled, v2.6.27-v5.1 (arch/x86/lib/copy_user_64.S).
 *
 *   len < 8           byte loop
 *   else              ALIGN_DESTINATION, then 64-byte blocks (two rounds of
 *                     four 8-byte loads and four stores; the pointers move
 *                     only after a whole block), an 8-byte loop, a byte loop.
 * Fix-ups (each then enters tail_c at the pointers' position):
 *   block             ecx * 64 + edx   (blocks left, counted from the block's
 *                                       start, plus len & 63)
 *   8-byte loop       edx + ecx * 8    (len & 7 plus quadwords left)
 *   byte loop         ecx              (bytes left)
 * Shifts and masks of the unsigned counts are written as / and % (the same
 * values for unsigned operands; the provers reason far better about them).
 */
#include "unrolled.h"
#include "stages.h"
#include "align_destination.h"

/* Half blocks and the byte loop are shared with nocache (stages.h). */

/* The short path (.L_copy_short_string): the 8-byte loop (labels 18/19),
 * then the byte loop with len & 7. Contract in unrolled.h. */
size_t unrolled_short(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		      size_t off, uint32_t edx)
{
	uint32_t ecx = edx / 8;	/* shrl $3 */

	edx %= 8;		/* andl $7 */
	/*@ loop invariant count: off + 8 * ecx + edx == \at(off, Pre) + \at(edx, Pre);
	    loop invariant rest: edx < 8;
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                               \at(off, Pre) + \at(edx, Pre), hw_fs, hw_fd);
	    loop assigns off, ecx, dst[\at(off, Pre) .. \at(off, Pre) + \at(edx, Pre) - 1];
	    loop variant ecx;
	*/
	while (ecx) {
		if (!hw_move(dst, src, off, 8))
			return run_tail(kind, dst, src, off, edx + ecx * 8);
		off += 8;
		ecx--;
	}
	return copy_bytes(kind, dst, src, off, edx);
}

/* 64-byte blocks, then the 8-byte loop with len & 63. */
/*@ UCOPY_TAIL_KIND
    requires no_wrap: off + edx <= UCOPY_LEN_MAX;
    UCOPY_STAGE(off + edx)
*/
static size_t unrolled_blocks(enum tail_kind kind, uint8_t *dst,
			      const uint8_t *src, size_t off, uint32_t edx)
{
	uint32_t ecx = edx / 64;	/* shrl $6 */

	edx %= 64;		/* andl $63 */
	/*@ loop invariant count: off + 64 * ecx + edx == \at(off, Pre) + \at(edx, Pre);
	    loop invariant rest: edx < 64;
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                               \at(off, Pre) + \at(edx, Pre), hw_fs, hw_fd);
	    loop assigns off, ecx, dst[\at(off, Pre) .. \at(off, Pre) + \at(edx, Pre) - 1];
	    loop variant ecx;
	*/
	while (ecx) {
		if (!copy_round32(dst, src, off) ||
		    !copy_round32(dst, src, off + 32))
			return run_tail(kind, dst, src, off, ecx * 64 + edx);
		off += 64;
		ecx--;
	}
	return unrolled_short(kind, dst, src, off, edx);
}

/* Contract in unrolled.h. */
size_t unrolled_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		     size_t len, size_t daddr)
{
	size_t ret, off;

	if (len < 8)
		return copy_bytes(kind, dst, src, 0, (uint32_t)len);
	ret = align_destination(kind, dst, src, len, daddr);
	if (ret != UCOPY_GO_ON)
		return ret;
	off = (8 - daddr % 8) % 8;	/* what ALIGN_DESTINATION copied */
	return unrolled_blocks(kind, dst, src, off, (uint32_t)(len - off));
}

size_t model_unrolled(uint8_t *dst, const uint8_t *src, size_t len,
		      size_t daddr)
{
	return unrolled_copy(TAIL_C, dst, src, len, daddr);
}
