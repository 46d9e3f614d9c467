/*
 * bytewise: the reference strategy, one byte at a time; stops at the first
 * fault. Every other EXACT model is proven equivalent to it.
 */
#include "bytewise.h"

size_t model_bytewise(uint8_t *dst, const uint8_t *src, size_t len,
		      size_t daddr)
{
	size_t off;

	(void)daddr;
	/*@ loop invariant 0 <= off <= len;
	    loop invariant off <= fault_at(hw_fs, hw_fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, 0, off);
	    loop invariant unchanged{Pre, Here}(dst, off, len);
	    loop assigns off, dst[0 .. len - 1];
	    loop variant len - off;
	*/
	for (off = 0; off < len; off++)
		if (!hw_move(dst, src, off, 1))
			break;
	return len - off;
}
