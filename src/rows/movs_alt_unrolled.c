/*
 * movs_alt_unrolled: rep_movs_alternative on a CPU without ERMS, v6.4-v6.5
 * (427fda2c8a49 .. ca96b162bfd2, arch/x86/lib/copy_user_64.S): the large
 * path is the .Lunrolled loop.
 *
 *   len >= 64        64-byte blocks (two rounds of four 8-byte loads and
 *                    four stores; rsi/rdi/rcx move only after a whole
 *                    block) while 64 or more are left, then the quadword
 *                    loop for 8 or more, the byte tail for the rest; a
 *                    fault anywhere in a block hands the whole block and
 *                    everything after it to the byte tail
 *   8 <= len < 64    quadword loop; a fault hands the rest to the byte tail
 *   rest             byte tail; a fault returns the bytes left
 *
 * No rep movs: EXACT under both readings. A faulting block may have stored
 * some of its quadwords (all before the fault, from the source); the byte
 * tail stores them again and stops at the first faulting byte.
 */
#include "movs_alt_unrolled.h"
#include "stages.h"

/* .Lunrolled and what follows it. */
/*@ requires long: 64 <= len;
    UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_EXACT
*/
static size_t movs_unrolled(uint8_t *dst, const uint8_t *src, size_t len)
{
	size_t off = 0, rcx = len;

	/*@ loop invariant count: off + rcx == len;
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, 0, off, len, hw_fs, hw_fd);
	    loop assigns off, rcx, dst[0 .. len - 1];
	    loop variant rcx;
	*/
	while (rcx >= 64) {	/* the asm's do-while (len >= 64 on entry) */
		/* labels 10-17, then 20-27: every fix-up is .Lcopy_user_tail */
		if (!copy_round32(dst, src, off) ||
		    !copy_round32(dst, src, off + 32))
			return movs_tail(dst, src, off, rcx);
		off += 64;
		rcx -= 64;		/* subq $64,%rcx */
	}				/* cmpq $64,%rcx; jae .Lunrolled */
	if (rcx >= 8)			/* cmpl $8,%ecx; jae .Lword */
		return movs_words(dst, src, off, rcx);
	if (!rcx)			/* testl %ecx,%ecx; jne .Lcopy_user_tail */
		return 0;
	return movs_tail(dst, src, off, rcx);
}

size_t model_movs_alt_unrolled(uint8_t *dst, const uint8_t *src, size_t len,
			       size_t daddr)
{
	(void)daddr;	/* nothing here depends on alignment */
	if (len >= 64)			/* cmpq $64,%rcx; jae .Llarge */
		return movs_unrolled(dst, src, len);
	return movs_short(dst, src, len);
}
