/*
 * nocache: __copy_user_nocache, v4.8-v5.1 (arch/x86/lib/copy_user_64.S).
 *
 *   len < 8           straight to the 4-byte step
 *   else              ALIGN_DESTINATION (cached byte stores), then 64-byte
 *                     blocks of movnti stores (pointers move only after a
 *                     whole block), an 8-byte movnti loop
 *   then              one 4-byte movnti when 4 or more bytes are left and
 *                     the destination is 4-aligned, cached byte stores for
 *                     the rest
 * Fix-ups (each then sfence, then tail_c at the pointers' position):
 *   block             ecx * 64 + edx   (blocks left, counted from the
 *                                       block's start, plus len & 63)
 *   8-byte loop       edx + ecx * 8    (len & 7 plus quadwords left)
 *   4-byte step       edx + ecx * 4    (ecx = 1: the step, plus what
 *                                       follows it)
 *   byte loop         ecx              (bytes left)
 *
 * movnti is a store that bypasses the cache; to the copying thread it
 * stores exactly what movq would, so the model uses the same primitive.
 * The sfence on every way out only orders those stores for other CPUs: it
 * changes nothing a single thread observes (neither the bytes nor the
 * result), so the model has no counterpart for it.
 * Shifts and masks of the unsigned counts are written as / and %.
 */
#include "nocache.h"
#include "stages.h"
#include "align_destination.h"

/*
 * The 4-byte step (.L_4b_nocache_copy_entry), then the byte loop. rdi's
 * low bits are daddr + off; daddr is reduced mod 8 first so that the sum
 * cannot wrap. (After ALIGN_DESTINATION the destination is 8-aligned, so
 * only a copy under 8 bytes can find it misaligned here.)
 */
/*@ UCOPY_TAIL_KIND
    requires short: edx < 8;
    requires no_wrap: off + edx <= UCOPY_LEN_MAX;
    UCOPY_STAGE(off + edx)
*/
static size_t nocache_4b(enum tail_kind kind, uint8_t *dst,
			 const uint8_t *src, size_t off, uint32_t edx,
			 size_t daddr)
{
	uint32_t ecx;

	if (!edx)				/* andl %edx,%edx; jz */
		return 0;
	if ((daddr % 8 + off) % 4)		/* movl %edi,%ecx; andl $3 */
		return copy_bytes(kind, dst, src, off, edx);
	ecx = edx / 4;				/* shrl $2: 0 or 1 */
	edx %= 4;				/* andl $3 */
	if (!ecx)
		return copy_bytes(kind, dst, src, off, edx);
	if (!hw_move(dst, src, off, 4))	/* labels 30/31 */
		return run_tail(kind, dst, src, off, edx + ecx * 4);
	off += 4;
	if (!edx)
		return 0;
	return copy_bytes(kind, dst, src, off, edx);
}

/* 8-byte movnti loop (labels 20/21), then the 4-byte step with len & 7. */
/*@ UCOPY_TAIL_KIND
    requires no_wrap: off + edx <= UCOPY_LEN_MAX;
    UCOPY_STAGE(off + edx)
*/
static size_t nocache_quads(enum tail_kind kind, uint8_t *dst,
			    const uint8_t *src, size_t off, uint32_t edx,
			    size_t daddr)
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
	return nocache_4b(kind, dst, src, off, edx, daddr);
}

/* 64-byte movnti blocks (labels 1-16), then the 8-byte loop with len & 63. */
/*@ UCOPY_TAIL_KIND
    requires no_wrap: off + edx <= UCOPY_LEN_MAX;
    UCOPY_STAGE(off + edx)
*/
static size_t nocache_blocks(enum tail_kind kind, uint8_t *dst,
			     const uint8_t *src, size_t off, uint32_t edx,
			     size_t daddr)
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
	return nocache_quads(kind, dst, src, off, edx, daddr);
}

/* Contract in nocache.h. */
size_t nocache_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		    size_t len, size_t daddr)
{
	size_t ret, off;

	if (len < 8)
		return nocache_4b(kind, dst, src, 0, (uint32_t)len, daddr);
	ret = align_destination(kind, dst, src, len, daddr);
	if (ret != UCOPY_GO_ON)
		return ret;
	off = (8 - daddr % 8) % 8;	/* what ALIGN_DESTINATION copied */
	return nocache_blocks(kind, dst, src, off, (uint32_t)(len - off), daddr);
}

size_t model_nocache(uint8_t *dst, const uint8_t *src, size_t len,
		     size_t daddr)
{
	return nocache_copy(TAIL_C, dst, src, len, daddr);
}
