/* ALIGN_DESTINATION, shared by unrolled, string and nocache (contract in
 * align_destination.h). */
#include "align_destination.h"

size_t align_destination(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
			 size_t len, size_t daddr)
{
	uint32_t edx = (uint32_t)len;
	uint32_t ecx = (uint32_t)(daddr % 8);	/* andl $7 */
	size_t off = 0;

	if (!ecx)
		return UCOPY_GO_ON;
	ecx = 8 - ecx;
	edx -= ecx;
	/*@ loop invariant 0 <= off <= align_bytes(daddr);
	    loop invariant ecx == align_bytes(daddr) - off;
	    loop invariant edx == len - align_bytes(daddr);
	    loop invariant off <= fault_at(hw_fs, hw_fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, 0, off);
	    loop invariant unchanged{Pre, Here}(dst, off, len);
	    loop assigns off, ecx, dst[0 .. 6];
	    loop variant ecx;
	*/
	while (ecx) {
		if (!hw_move(dst, src, off, 1))
			return run_tail(kind, dst, src, off, edx + ecx);
		off++;
		ecx--;
	}
	return UCOPY_GO_ON;
}
