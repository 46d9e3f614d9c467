/*
 * clear_loop: __clear_user, the inline asm of arch/x86/lib/usercopy_64.c
 * (v2.6.12-v6.0). size8 = len / 8 quadword stores (label 0), then
 * size1 = len % 8 byte stores (label 1). A faulting quadword goes to the
 * fix-up that returns size1 + size8 * 8, size8 counting the faulting
 * quadword: no byte retry, so up to 7 writable bytes before the fault stay
 * uncleared and unreported. A faulting byte returns the bytes left.
 */
#include "clear_loop.h"

size_t model_clear_loop(uint8_t *dst, size_t len, size_t daddr)
{
	size_t size8 = len / 8, size1 = len % 8;

	(void)daddr;
	size8 = clear_qwords(dst, 0, size8);
	if (size8)
		return size1 + size8 * 8;	/* the fix-up: lea (size1, size8, 8) */
	return clear_bytes(dst, len - size1, size1);
}
