/*
 * uncached: __copy_user_nocache from v6.4 (034ff37d3407,
 * arch/x86/lib/copy_user_uncached_64.S). No tail, no retry: every fix-up
 * returns at once, with the count of what the stores before the fault
 * did. No rep movs either, so the two hardware readings agree.
 *
 *   dst unaligned    align it: one byte, two bytes, four bytes (movnti),
 *                    each when rdi has that bit set and that much is left;
 *                    a fault returns edx as it stands
 *   len >= 64        blocks: four 8-byte loads, four movnti stores, twice.
 *                    A load of the first four faults: the quadword loop
 *                    takes the block over; of the second four: the same
 *                    after the 32 bytes stored. A store faults: return edx
 *                    less the stores of this block that went through
 *   8 <= len         quadword loop (movnti). A load faults: one 4-byte
 *                    move is tried, and the return counts it if it went
 *                    through; a store faults: return edx
 *   then             4, 2, 1 bytes by the bits of edx (the 4 by movnti);
 *                    a fault returns edx as it stands
 *
 * Only WEAK: a fault inside an access returns with the bytes of that
 * access before the fault not copied (under-reporting), and when that is
 * the first access of the copy, with len: nothing copied though some bytes
 * could have been (RAW forbids that). Everything written is from the
 * source and nothing is claimed past the fault, so WEAK holds.
 *
 * movnti stores as movq does, to the copying thread (see nocache.c); the
 * sfence of the normal ways out has no counterpart here.
 */
#include "uncached.h"

#define UNCACHED_STAGE(end) \
	requires before_fault: off <= fault_at(hw_fs, hw_fd); \
	UCOPY_PART_CONTRACT(end) \
	ensures weak: weak_from{Pre, Post}(dst, (uint8_t *)src, off, end, hw_fs, hw_fd, \result);

/* .Lbyte: one byte when edx is odd (labels 80/81). */
/*@ requires short: edx < 2;
    UNCACHED_STAGE(off + edx)
*/
static uint32_t uncached_byte(uint8_t *dst, const uint8_t *src, size_t off,
			      uint32_t edx)
{
	if (edx % 2) {				/* test $1,%dl */
		if (!hw_move(dst, src, off, 1))
			return edx;
		edx--;
	}
	return edx;				/* .Ldone */
}

/* .Lword: sfence, two bytes when bit 1 of edx is set (70/71), .Lbyte. */
/*@ requires short: edx < 4;
    UNCACHED_STAGE(off + edx)
*/
static uint32_t uncached_word(uint8_t *dst, const uint8_t *src, size_t off,
			      uint32_t edx)
{
	if (edx / 2 % 2) {			/* test $2,%dl */
		if (!hw_move(dst, src, off, 2))
			return edx;
		off += 2;
		edx -= 2;
	}
	return uncached_byte(dst, src, off, edx);
}

/* .Llong: four bytes (movnti) when bit 2 of edx is set (60/61), .Lword. */
/*@ requires short: edx < 8;
    UNCACHED_STAGE(off + edx)
*/
static uint32_t uncached_long(uint8_t *dst, const uint8_t *src, size_t off,
			      uint32_t edx)
{
	if (edx / 4 % 2) {			/* test $4,%dl */
		if (!hw_move(dst, src, off, 4))
			return edx;
		off += 4;
		edx -= 4;
	}
	return uncached_word(dst, src, off, edx);
}

/* .Lquadwords: labels 50/51; a faulting load goes to .Llast4 (52/53). */
/*@ requires no_wrap: off + edx <= UCOPY_LEN_MAX;
    UNCACHED_STAGE(off + edx)
*/
static uint32_t uncached_quadwords(uint8_t *dst, const uint8_t *src,
				   size_t off, uint32_t edx)
{
	/*@ loop invariant count: off + edx == \at(off, Pre) + \at(edx, Pre);
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                               \at(off, Pre) + \at(edx, Pre), hw_fs, hw_fd);
	    loop assigns off, edx, dst[\at(off, Pre) .. \at(off, Pre) + \at(edx, Pre) - 1];
	    loop variant edx;
	*/
	while (edx >= 8) {			/* cmp $8,%edx; jb .Llong */
		if (!hw_load_ok(off, 8)) {
			/* .Llast4: one 4-byte move, then return */
			if (!hw_move(dst, src, off, 4))
				return edx;	/* .Ldone0 */
			return edx - 4;
		}
		if (!hw_store(dst, src, off, 8))
			return edx;		/* .Ldone0 */
		off += 8;
		edx -= 8;
	}
	return uncached_long(dst, src, off, edx);
}

/*
 * Four 8-byte stores (movnti) of what four loads at off took: the bytes
 * stored before the first faulting store (.Ldone0 .. .Ldone24 count them).
 */
/*@ requires loaded: off + 32 <= hw_fs;
    requires before_fault: off <= hw_fd;
    UCOPY_PART_CONTRACT(off + 32)
    ensures count: \result == 0 || \result == 8 || \result == 16 || \result == 24 || \result == 32;
    ensures stored: off + \result <= hw_fd;
    ensures all: \result < 32 ==> off + \result + 8 > hw_fd;
    ensures copied: copied{Post}(dst, (uint8_t *)src, off, off + \result);
    ensures untouched: unchanged{Pre, Post}(dst, off + \result, off + 32);
*/
static uint32_t uncached_stores32(uint8_t *dst, const uint8_t *src, size_t off)
{
	if (!hw_store(dst, src, off, 8))
		return 0;
	if (!hw_store(dst, src, off + 8, 8))
		return 8;
	if (!hw_store(dst, src, off + 16, 8))
		return 16;
	if (!hw_store(dst, src, off + 24, 8))
		return 24;
	return 32;
}

/* Four 8-byte loads at off: all succeed, or the block's fix-up runs. */
/*@ requires inside: off + 32 <= hw_area;
    assigns \nothing;
    ensures loaded: \result != 0 <==> off + 32 <= hw_fs;
*/
static int uncached_loads32(size_t off)
{
	return hw_load_ok(off, 8) && hw_load_ok(off + 8, 8) &&
	       hw_load_ok(off + 16, 8) && hw_load_ok(off + 24, 8);
}

/* .Lis_aligned / .Lunrolled: labels 10-13, 20-23, 30-33, 40-43. */
/*@ requires no_wrap: off + edx <= UCOPY_LEN_MAX;
    UNCACHED_STAGE(off + edx)
*/
static uint32_t uncached_blocks(uint8_t *dst, const uint8_t *src, size_t off,
				uint32_t edx)
{
	uint32_t n;

	/*@ loop invariant count: off + edx == \at(off, Pre) + \at(edx, Pre);
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                               \at(off, Pre) + \at(edx, Pre), hw_fs, hw_fd);
	    loop assigns off, edx, n, dst[\at(off, Pre) .. \at(off, Pre) + \at(edx, Pre) - 1];
	    loop variant edx;
	*/
	while (edx >= 64) {			/* cmp $64,%edx; jae .Lunrolled */
		if (!uncached_loads32(off))	/* 10-13: retry as quadwords */
			return uncached_quadwords(dst, src, off, edx);
		n = uncached_stores32(dst, src, off);
		if (n < 32)			/* 20-23: .Ldone0 .. .Ldone24 */
			return edx - n;
		if (!uncached_loads32(off + 32))	/* 30-33: .Lfixup32 */
			return uncached_quadwords(dst, src, off + 32, edx - 32);
		n = uncached_stores32(dst, src, off + 32);
		if (n < 32)			/* 40-43: .Ldone32 .. .Ldone56 */
			return edx - 32 - n;
		off += 64;
		edx -= 64;
	}
	return uncached_quadwords(dst, src, off, edx);
}

/*
 * .Lalign: rdi's low bits are daddr + off (daddr reduced mod 8 first, so
 * the sum cannot wrap); each step fixes one bit, the next one tests the
 * advanced rdi. Labels 90-95; every fault returns edx as it stands.
 */
/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
static uint32_t uncached_align(uint8_t *dst, const uint8_t *src, size_t len,
			       size_t daddr)
{
	size_t a = daddr % 8, off = 0;
	uint32_t edx = (uint32_t)len;

	if (a % 2) {				/* test $1,%dil */
		if (!edx)
			return 0;
		if (!hw_move(dst, src, 0, 1))
			return edx;
		off = 1;
		edx--;
	}
	if ((a + off) / 2 % 2) {		/* test $2,%dil */
		if (edx < 2)
			return uncached_byte(dst, src, off, edx);
		if (!hw_move(dst, src, off, 2))
			return edx;
		off += 2;
		edx -= 2;
	}
	if ((a + off) / 4 % 2) {		/* test $4,%dil */
		if (edx < 4)
			return uncached_word(dst, src, off, edx);
		if (!hw_move(dst, src, off, 4))
			return edx;
		off += 4;
		edx -= 4;
	}
	return uncached_blocks(dst, src, off, edx);
}

size_t model_uncached(uint8_t *dst, const uint8_t *src, size_t len,
		      size_t daddr)
{
	if (daddr % 8)				/* testb $7,%dil */
		return uncached_align(dst, src, len, daddr);
	return uncached_blocks(dst, src, 0, (uint32_t)len);
}
