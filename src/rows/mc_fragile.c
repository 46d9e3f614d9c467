/*
 * mc_fragile: copy_mc_fragile, v5.10+ (contract in mc_fragile.h).
 *
 *   len < 8        the trailing byte loop only
 *   else           bytes until the *source* is 8-byte aligned, then
 *                  quadwords (len & ~7 of what is left), then bytes
 * Fix-ups:
 *   byte loops     a load or a store fault: the bytes left, this one too
 *   quadword load  ecx * 8 + edx: no retry; exact because a quadword load
 *                  from an aligned source never straddles a poisoned line
 *   quadword store the destination may be unaligned: the bytes left go to
 *                  copy_mc_fragile_handle_tail (C), which copies one byte
 *                  at a time through copy_mc_fragile itself and stops at
 *                  the first that faults: tail_c's byte retry
 * Shifts and masks of the unsigned counts are written as / and %.
 */
#include "mc_fragile.h"
#include "tail_c.h"

/* A byte loop (.L_read/write_leading_bytes, .L_read/write_trailing_bytes):
 * either fault returns the bytes left, rest included. */
/*@ requires before_fault: off <= fault_at(hw_fs, hw_fd);
    requires buffers: span(dst, (uint8_t *)src, off, off + cnt + rest, hw_area);
    assigns dst[off .. off + cnt - 1];
    behavior done:
      assumes off + cnt <= fault_at(hw_fs, hw_fd);
      ensures copied: \result == 0 && progress{Pre, Post}(dst, (uint8_t *)src, off, off + cnt,
                                      off + cnt + rest, hw_fs, hw_fd);
    behavior faulted:
      assumes off + cnt > fault_at(hw_fs, hw_fd);
      ensures exact: \result == off + cnt + rest - fault_at(hw_fs, hw_fd) &&
                     copied{Post}(dst, (uint8_t *)src, off, fault_at(hw_fs, hw_fd)) &&
                     unchanged{Pre, Post}(dst, fault_at(hw_fs, hw_fd), off + cnt + rest);
    complete behaviors;
    disjoint behaviors;
*/
static size_t mc_bytes(uint8_t *dst, const uint8_t *src, size_t off,
		       uint32_t cnt, uint32_t rest)
{
	/*@ loop invariant \at(off, Pre) <= off && off + cnt == \at(off, Pre) + \at(cnt, Pre);
	    loop invariant progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                                        \at(off, Pre) + \at(cnt, Pre) + rest, hw_fs, hw_fd);
	    loop assigns off, cnt, dst[\at(off, Pre) .. \at(off, Pre) + \at(cnt, Pre) - 1];
	    loop variant cnt;
	*/
	while (cnt) {
		if (!hw_load_ok(off, 1) || !hw_store(dst, src, off, 1))
			return (size_t)cnt + rest;
		off++;
		cnt--;
	}
	return 0;
}

size_t model_mc_fragile(uint8_t *dst, const uint8_t *src, size_t len, size_t saddr)
{
	uint32_t edx = (uint32_t)len, ecx;
	size_t off = 0, r;

	if (edx >= 8) {
		if (saddr % 8) {	/* testl $7, %esi */
			ecx = 8 - (uint32_t)(saddr % 8);
			edx -= ecx;
			r = mc_bytes(dst, src, off, ecx, edx);
			if (r)
				return r;	/* .E_leading_bytes */
			off += ecx;
		}
		ecx = edx / 8;		/* shrl $3 */
		edx %= 8;		/* andl $7 */
		/*@ loop invariant count: off + 8 * ecx + edx == len;
		    loop invariant rest: edx < 8;
		    loop invariant aligned: (saddr + off) % 8 == 0;
		    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, 0, off, len,
		                                                 hw_fs, hw_fd);
		    loop assigns off, ecx, dst[0 .. len - 1];
		    loop variant ecx;
		*/
		while (ecx) {
			if (!hw_load_ok(off, 8))
				return (size_t)ecx * 8 + edx;	/* .E_read_words */
			if (!hw_store(dst, src, off, 8))	/* .E_write_words */
				return model_tail_c(dst, src, off, (size_t)ecx * 8 + edx);
			off += 8;
			ecx--;
		}
	}
	return mc_bytes(dst, src, off, edx, 0);		/* trailing bytes */
}
