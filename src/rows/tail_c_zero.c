/* tail_c_zero: the zeroing C tail (contract in tail_c_zero.h). */
#include "tail_c_zero.h"
#include "tail_c.h"

size_t model_tail_c_zero(uint8_t *dst, const uint8_t *src, size_t off, size_t rem)
{
	/* The byte retry is tail_c's; it stops at the first fault. */
	size_t left = model_tail_c(dst, src, off, rem);
	size_t z, from = off + rem - left;

	/*
	 * zerorest: zeros from the first byte not copied, for the bytes
	 * left, until a store faults. The result still counts them.
	 */
	/*@ loop invariant from <= z <= off + rem;
	    loop invariant z == from || z <= hw_fd;
	    loop invariant zeroed{Here}(dst, from, z);
	    loop invariant unchanged{Pre, Here}(dst, z, off + rem);
	    loop invariant copied{Here}(dst, (uint8_t *)src, off, from);
	    loop assigns z, dst[from .. off + rem - 1];
	    loop variant off + rem - z;
	*/
	for (z = from; z < off + rem; z++)
		if (!hw_store_zero(dst, z, 1))
			break;
	return left;
}
