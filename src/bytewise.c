/*
 * bytewise: the reference strategy, one byte at a time; stops at the first
 * fault. Every other EXACT model is proven equivalent to it.
 */
#include "hw.h"
#include "ucopy.h"

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures EXACT{Pre, Post}(dst, (uint8_t *)src, len, fs, fd, \result);
*/
size_t model_bytewise(uint8_t *dst, const uint8_t *src, size_t len,
		      size_t daddr, size_t fs, size_t fd, size_t lag)
{
	size_t off;

	(void)daddr;
	(void)lag;
	/*@ loop invariant 0 <= off <= len;
	    loop invariant off <= fault_at(fs, fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, 0, off);
	    loop invariant unchanged{Pre, Here}(dst, off, len);
	    loop assigns off, dst[0 .. len - 1];
	    loop variant len - off;
	*/
	for (off = 0; off < len; off++)
		if (!hw_move(dst, src, off, 1, fs, fd))
			break;
	return len - off;
}
