/*
 * movs_fast: a proposed rep_movs_alternative (not merged; asm/movs_fast.S)
 * for CPUs with FSRM or ERMS.
 *
 *   len < 8           two overlapping moves of n = 4 or 2 bytes (0 and
 *                     1 byte: the byte loop)
 *   8 <= len < 512    the last 8 bytes, then 32-byte blocks and quadwords
 *                     from the start, at least one (the last may overlap
 *                     those 8; at 8 bytes it is those 8 again)
 *   len >= 512        rep movsb
 *
 * Every fault enters the byte loop (.Lretry, rep_movs_alternative's byte
 * tail) at the first byte the registers do not count as copied, and the
 * byte loop stops exactly at the first faulting byte. EXACT under both
 * readings: bytes rep movsb stored past a late report, and bytes an
 * overlapping move stores a second time, are stored again with their
 * source value, which they already hold.
 */
#include "movs_fast.h"
#include "stages.h"

/*
 * Two moves of n bytes, [0, n) then [len - n, len): labels 4-7 or 8-11. The second rewrites [len - n, n) with the source bytes the first
 * stored there. rsi/rdi/rcx are untouched until both are done, so a fault
 * in either retries the whole copy bytewise.
 */
/*@ requires size: n == 2 || n == 4;
    requires pair: n <= len <= 2 * n;
    requires buffers: span(dst, (uint8_t *)src, 0, len, hw_area);
    assigns dst[0 .. len - 1];
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
static size_t fast_pair(uint8_t *dst, const uint8_t *src, size_t len,
			size_t n)
{
	if (!hw_move(dst, src, 0, n))
		return movs_tail(dst, src, 0, len);
	if (!hw_move(dst, src, len - n, n))
		return movs_tail(dst, src, 0, len);
	return 0;			/* xorl %ecx,%ecx */
}

/*
 * The loops of .Lmid, entered with the last 8 bytes of [off, off + rcx)
 * stored: 32-byte blocks (labels 16-23, each top down, so that a load
 * comes later after a store to the same place 4 KiB away, which stalls AMD
 * Zen when (dst - src) mod 4096 is small) while a whole one is left, then
 * quadwords (labels 24/25) while more than those 8 bytes are left. The
 * last block or quadword may overlap them, rewriting them with the source
 * bytes stored there. Each block or quadword is stored before rsi/rdi/rcx
 * move past it, so a fault retries from it, with rcx counting to the end.
 *
 * Entered from .Lmid, no byte of the copy faults (the last 8 bytes were
 * stored, so a fault below them would have faulted them): the retries are
 * for a user mapping that changes under the copy, and keep the return
 * exact then too.
 */
/*@ requires more: rcx >= 8;
    requires before_fault: off <= fault_at(hw_fs, hw_fd);
    requires buffers: span(dst, (uint8_t *)src, off, off + rcx, hw_area);
    requires last: copied{Pre}(dst, (uint8_t *)src, off + rcx - 8, off + rcx);
    assigns dst[off .. off + rcx - 1];
    ensures all: off + rcx <= fault_at(hw_fs, hw_fd) ==>
                 \result == 0 && copied{Post}(dst, (uint8_t *)src, off, off + rcx);
    ensures retried: \result != 0 ==>
                 exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rcx, hw_fs, hw_fd, \result);
*/
static size_t fast_forward(uint8_t *dst, const uint8_t *src, size_t off,
			   size_t rcx)
{
	/*
	 * .Lword's loop is a do-while: entered with 8 bytes (len 8, from
	 * .Lmid) it stores [off, off + 8), the last quadword, once more.
	 */
	if (rcx == 8) {
		if (!hw_move(dst, src, off, 8))
			return movs_tail(dst, src, off, rcx);
		return 0;
	}
	/*@ loop invariant count: off + rcx == \at(off, Pre) + \at(rcx, Pre);
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                               \at(off, Pre) + \at(rcx, Pre), hw_fs, hw_fd);
	    loop assigns off, rcx, dst[\at(off, Pre) .. \at(off, Pre) + \at(rcx, Pre) - 1];
	    loop variant rcx;
	*/
	while (rcx >= 32) {		/* cmpq $32,%rcx; jae .Lblock */
		if (!hw_move(dst, src, off + 24, 8) ||	/* top down */
		    !hw_move(dst, src, off + 16, 8) ||
		    !hw_move(dst, src, off + 8, 8) ||
		    !hw_move(dst, src, off, 8))
			return movs_tail(dst, src, off, rcx);
		off += 32;		/* addq $32,%rsi; addq $32,%rdi */
		rcx -= 32;		/* subq $32,%rcx */
	}
	/*@ loop invariant count: off + rcx == \at(off, Pre) + \at(rcx, Pre);
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                               \at(off, Pre) + \at(rcx, Pre), hw_fs, hw_fd);
	    loop assigns off, rcx, dst[\at(off, Pre) .. \at(off, Pre) + \at(rcx, Pre) - 1];
	    loop variant rcx;
	*/
	while (rcx > 8) {		/* cmpq $8,%rcx; jbe .Ldone / ja .Lword */
		if (!hw_move(dst, src, off, 8))
			return movs_tail(dst, src, off, rcx);
		off += 8;
		rcx -= 8;
	}
	return 0;			/* .Ldone: xorl %ecx,%ecx */
}

/*
 * .Lmid, 8 <= len < 512: the last quadword first (labels 14/15); rsi/rdi/
 * rcx are untouched until it is stored, so a fault retries the whole copy.
 */
/*@ requires mid: 8 <= len < 512;
    requires buffers: span(dst, (uint8_t *)src, 0, len, hw_area);
    assigns dst[0 .. len - 1];
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
static size_t fast_mid(uint8_t *dst, const uint8_t *src, size_t len)
{
	if (!hw_move(dst, src, len - 8, 8))
		return movs_tail(dst, src, 0, len);
	return fast_forward(dst, src, 0, len);
}

/*
 * .Llarge. With no fault rep movsb leaves rcx 0 and the routine returns
 * it; after a fault its exception-table entry enters the byte loop with
 * rsi/rdi/rcx as rep movsb left them, maybe short of the fault, and the
 * byte loop with a count of 0 returns 0 too.
 */
/*@ requires buffers: span(dst, (uint8_t *)src, 0, len, hw_area);
    assigns dst[0 .. len - 1];
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
static size_t fast_large(uint8_t *dst, const uint8_t *src, size_t len)
{
	size_t rcx = hw_rep_movsb(dst, src, 0, len);	/* label 26 */

	return movs_tail(dst, src, len - rcx, rcx);
}

size_t model_movs_fast(uint8_t *dst, const uint8_t *src, size_t len,
		       size_t daddr)
{
	(void)daddr;	/* nothing here depends on alignment */
	if (len >= 8) {			/* cmpq $8,%rcx; jae .Lmid */
		if (len >= 512)		/* cmpq $512,%rcx; jae .Llarge */
			return fast_large(dst, src, len);
		return fast_mid(dst, src, len);
	}
	if (len >= 4)
		return fast_pair(dst, src, len, 4);
	if (len >= 2)
		return fast_pair(dst, src, len, 2);
	return movs_tail(dst, src, 0, len);	/* .Lretry: 0 or 1 byte */
}
