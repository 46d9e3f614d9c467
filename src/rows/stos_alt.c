/*
 * stos_alt: rep_stos_alternative of 8c9b6a88b7e2 (v6.4+,
 * arch/x86/lib/clear_page_64.S), what clear_user calls without FSRS. rep
 * ABI: rdi, rcx in, rax = 0; rcx out. All state is in rdi and rcx:
 *   rcx >= 64      .Lunrolled: eight movq per round
 *   8 <= rcx < 64  .Lword: one movq per round
 *   rest           .Lclear_user_tail: movb per byte
 * A fault in either quadword loop goes to the byte tail with rdi and rcx
 * as they were at the round's start, which clears byte by byte up to the
 * fault and returns the bytes left: exact, and with no rep, under either
 * reading.
 */
#include "stos_alt.h"

size_t model_stos_alt(uint8_t *dst, size_t len, size_t daddr)
{
	size_t off = 0, rcx = len;

	(void)daddr;
	/*@ loop invariant bounds: off + rcx == len;
	    loop invariant progress: off <= hw_fd && zeroed{Here}(dst, 0, off) &&
	                             unchanged{Pre, Here}(dst, off, len);
	    loop assigns off, rcx, dst[0 .. len - 1];
	    loop variant rcx;
	*/
	while (rcx >= 64) {
		if (!clear_block64(dst, off))
			return clear_bytes(dst, off, rcx);
		off += 64;
		rcx -= 64;
	}
	/*@ loop invariant bounds: off + rcx == len && rcx < 64;
	    loop invariant progress: off <= hw_fd && zeroed{Here}(dst, 0, off) &&
	                             unchanged{Pre, Here}(dst, off, len);
	    loop assigns off, rcx, dst[0 .. len - 1];
	    loop variant rcx;
	*/
	while (rcx >= 8) {
		if (!hw_store_zero(dst, off, 8))
			return clear_bytes(dst, off, rcx);
		off += 8;
		rcx -= 8;
	}
	return clear_bytes(dst, off, rcx);
}
