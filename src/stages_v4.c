/* v4.x half block and byte loop */
/* Shared by unrolled and nocache; contracts in stages.h. */
#include "stages.h"

int copy_round32(uint8_t *dst, const uint8_t *src, size_t off,
		 size_t fs, size_t fd)
{
	if (!hw_load_ok(off, 8, fs) || !hw_load_ok(off + 8, 8, fs) ||
	    !hw_load_ok(off + 16, 8, fs) || !hw_load_ok(off + 24, 8, fs))
		return 0;
	return hw_store(dst, src, off, 8, fd) &&
	       hw_store(dst, src, off + 8, 8, fd) &&
	       hw_store(dst, src, off + 16, 8, fd) &&
	       hw_store(dst, src, off + 24, 8, fd);
}

size_t copy_bytes(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		  size_t off, uint32_t edx, size_t fs, size_t fd, size_t lag)
{
	uint32_t ecx = edx;

	/*@ loop invariant \at(off, Pre) <= off <= \at(off, Pre) + edx;
	    loop invariant off + ecx == \at(off, Pre) + edx;
	    loop invariant off <= fault_at(fs, fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, \at(off, Pre), off);
	    loop invariant unchanged{Pre, Here}(dst, off, \at(off, Pre) + edx);
	    loop assigns off, ecx, dst[\at(off, Pre) .. \at(off, Pre) + edx - 1];
	    loop variant ecx;
	*/
	while (ecx) {
		if (!hw_move(dst, src, off, 1, fs, fd))
			return run_tail(kind, dst, src, off, ecx, fs, fd, lag);
		off++;
		ecx--;
	}
	return 0;
}
