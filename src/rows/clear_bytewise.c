/*
 * clear_bytewise: the reference clear, one movb $0 at a time; stops at the
 * first fault. Every EXACT clear model is proven equivalent to it.
 */
#include "clear_bytewise.h"

size_t model_clear_bytewise(uint8_t *dst, size_t len, size_t daddr)
{
	(void)daddr;
	return clear_bytes(dst, 0, len);
}
