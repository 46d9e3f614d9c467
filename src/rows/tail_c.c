/* tail_c: the C byte-retry tail (contract in tail_c.h). */
#include "tail_c.h"

size_t model_tail_c(uint8_t *dst, const uint8_t *src, size_t off, size_t rem)
{
	/* One byte per round: a user load, then a user store. */
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
	return rem;
}
