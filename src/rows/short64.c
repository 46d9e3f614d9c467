/*
 * short64: the 2017 short-string patch as first posted (NAKed): the inline
 * caller sends len <= 64 to copy_user_generic_unrolled, which tests len < 8
 * again and aligns the destination, and longer copies to the ERMS routine.
 * Kept to show the review's point: correct, but it re-tests the length and
 * pays for alignment on short copies (see bench/).
 */
#include "short64.h"
#include "unrolled.h"
#include "erms.h"

size_t model_short64(uint8_t *dst, const uint8_t *src, size_t len,
		     size_t daddr)
{
	if (len <= 64)
		return model_unrolled(dst, src, len, daddr);
	return model_erms(dst, src, len, daddr);
}
