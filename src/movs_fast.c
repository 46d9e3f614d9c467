/*
 * movs_fast: a proposed rep_movs_alternative (not merged; asm/movs_fast.S)
 * for CPUs with FSRM or ERMS.
 *
 *   len <= 16         two overlapping moves of n = 8, 4 or 2 bytes (0 and
 *                     1 byte: the byte loop)
 *   16 < len < 256    quadword loop, then the last 8 bytes, overlapping
 *   len >= 256        rep movsb
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
 * Two moves of n bytes, [0, n) then [len - n, len): labels 0-3, 4-7 or
 * 8-11. The second rewrites [len - n, n) with the source bytes the first
 * stored there. rsi/rdi/rcx are untouched until both are done, so a fault
 * in either retries the whole copy bytewise.
 */
/*@ requires size: n == 2 || n == 4 || n == 8;
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
 * .Lword, entered with rcx > 16: quadwords while more than 8 bytes are
 * left, then the last 8 bytes of the copy, overlapping bytes already
 * copied (labels 16/17). rsi/rdi/rcx change only after a quadword is
 * stored, so a fault retries from the quadword, or the rest, it faulted in.
 */
/*@ requires words: 16 < rcx;
    requires buffers: span(dst, (uint8_t *)src, 0, rcx, hw_area);
    assigns dst[0 .. rcx - 1];
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, rcx, hw_fs, hw_fd, \result);
*/
static size_t fast_words(uint8_t *dst, const uint8_t *src, size_t rcx)
{
	size_t off = 0;

	/*@ loop invariant left: 8 < rcx;
	    loop invariant count: off + rcx == \at(rcx, Pre);
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, 0, off,
	                               \at(rcx, Pre), hw_fs, hw_fd);
	    loop assigns off, rcx, dst[0 .. \at(rcx, Pre) - 1];
	    loop variant rcx;
	*/
	for (;;) {
		if (!hw_move(dst, src, off, 8))	/* labels 14/15 */
			return movs_tail(dst, src, off, rcx);
		off += 8;		/* addq $8,%rsi; addq $8,%rdi */
		rcx -= 8;		/* subq $8,%rcx */
		if (rcx <= 8)		/* cmpq $8,%rcx; ja .Lword */
			break;
	}
	/* 1..8 left; off >= 8, so the move stays inside the copy */
	if (!hw_move(dst, src, off + rcx - 8, 8))
		return movs_tail(dst, src, off, rcx);
	return 0;
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
	size_t rcx = hw_rep_movsb(dst, src, 0, len);	/* label 18 */

	return movs_tail(dst, src, len - rcx, rcx);
}

size_t model_movs_fast(uint8_t *dst, const uint8_t *src, size_t len,
		       size_t daddr)
{
	(void)daddr;	/* nothing here depends on alignment */
	if (len > 16) {			/* cmpq $16,%rcx; ja .Lmid */
		if (len >= 256)		/* cmpq $256,%rcx; jae .Llarge */
			return fast_large(dst, src, len);
		return fast_words(dst, src, len);
	}
	if (len >= 8)
		return fast_pair(dst, src, len, 8);
	if (len >= 4)
		return fast_pair(dst, src, len, 4);
	if (len >= 2)
		return fast_pair(dst, src, len, 2);
	return movs_tail(dst, src, 0, len);	/* .Lretry: 0 or 1 byte */
}
