/* copy_user_64.S half block and byte loop */
/* Shared by unrolled and nocache; contracts in stages.h. */
#include "stages.h"

int copy_round32(uint8_t *dst, const uint8_t *src, size_t off)
{
	if (!hw_load_ok(off, 8) || !hw_load_ok(off + 8, 8) ||
	    !hw_load_ok(off + 16, 8) || !hw_load_ok(off + 24, 8))
		return 0;
	return hw_store(dst, src, off, 8) &&
	       hw_store(dst, src, off + 8, 8) &&
	       hw_store(dst, src, off + 16, 8) &&
	       hw_store(dst, src, off + 24, 8);
}

size_t copy_bytes(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		  size_t off, uint32_t edx)
{
	uint32_t ecx = edx;

	/*@ loop invariant count: off + ecx == \at(off, Pre) + edx;
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                               \at(off, Pre) + edx, hw_fs, hw_fd);
	    loop assigns off, ecx, dst[\at(off, Pre) .. \at(off, Pre) + edx - 1];
	    loop variant ecx;
	*/
	while (ecx) {
		if (!hw_move(dst, src, off, 1))
			return run_tail(kind, dst, src, off, ecx);
		off++;
		ecx--;
	}
	return 0;
}
