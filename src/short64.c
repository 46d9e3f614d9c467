/*
 * short64: the 2017 short-string patch as first posted (NAKed): the inline
 * caller sends len <= 64 to copy_user_generic_unrolled, which tests len < 8
 * again and aligns the destination, and longer copies to the ERMS routine.
 * Kept to show the review's point: correct, but it re-tests the length and
 * pays for alignment on short copies (see bench/).
 */
#include "unrolled.h"
#include "erms.h"
#include "ucopy.h"

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures EXACT{Pre, Post}(dst, (uint8_t *)src, len, fs, fd, \result);
*/
size_t model_short64(uint8_t *dst, const uint8_t *src, size_t len,
		     size_t daddr, size_t fs, size_t fd, size_t lag)
{
	if (len <= 64)
		return model_unrolled(dst, src, len, daddr, fs, fd, lag);
	return model_erms(dst, src, len, daddr, fs, fd, lag);
}
