/* tail_c_zero: the zeroing C tail (contract in tail_c_zero.h). */
#include "tail_c_zero.h"

size_t model_tail_c_zero(uint8_t *dst, const uint8_t *src, size_t off, size_t rem)
{
	size_t z;

	/* The byte retry, as in tail_c: a user load, then a user store. */
	/*@ loop invariant \at(off, Pre) <= off <= \at(off, Pre) + \at(rem, Pre);
	    loop invariant off + rem == \at(off, Pre) + \at(rem, Pre);
	    loop invariant off == \at(off, Pre) || off <= fault_at(hw_fs, hw_fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, \at(off, Pre), off);
	    loop invariant unchanged{Pre, Here}(dst, off, off + rem);
	    loop assigns off, rem, dst[\at(off, Pre) .. \at(off, Pre) + \at(rem, Pre) - 1];
	    loop variant rem;
	*/
	for (; rem; rem--, off++) {
		if (!hw_load_ok(off, 1))
			break;
		if (!hw_store(dst, src, off, 1))
			break;
	}
	/*
	 * zerorest: zeros from the first byte not copied, for the rem bytes
	 * left, until a store faults. rem, the result, still counts them.
	 */
	/*@ loop invariant off <= z <= off + rem;
	    loop invariant z == off || z <= hw_fd;
	    loop invariant zeroed{Here}(dst, off, z);
	    loop invariant unchanged{Pre, Here}(dst, z, off + rem);
	    loop invariant copied{Here}(dst, (uint8_t *)src, \at(off, Pre), off);
	    loop assigns z, dst[off .. off + rem - 1];
	    loop variant off + rem - z;
	*/
	for (z = off; z < off + rem; z++)
		if (!hw_store_zero(dst, z, 1))
			break;
	return rem;
}
