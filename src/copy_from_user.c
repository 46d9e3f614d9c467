/*
 * copy_from_user: the wrapper of lib/usercopy.c (_copy_from_user, v4.19+):
 * after raw_copy_from_user returns res bytes not copied, it zeroes the last
 * res bytes of the destination. The proof assumes of raw_copy_from_user
 * only the WEAK contract, so it holds over every strategy proven WEAK or
 * better. (The access_ok() check before the copy is left out: when it
 * fails the kernel behaves as if res == len, a case the proof covers.)
 */
#include "hw.h"
#include "ucopy.h"

/*
 * Whichever strategy the kernel patched in. The tests link it to each
 * registry model in turn (src/registry.c).
 */
/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures WEAK{Post}(dst, (uint8_t *)src, len, fs, fd, \result);
*/
size_t raw_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			  size_t daddr, size_t fs, size_t fd, size_t lag);

/*@ requires len <= UCOPY_LEN_MAX;
    requires span(dst, (uint8_t *)src, 0, len);
    assigns dst[0 .. len - 1];
    ensures ZEROPAD{Post}(dst, (uint8_t *)src, len, fs, fd, \result);
    ensures no_stale_byte: \forall integer i; 0 <= i < len ==>
              dst[i] == src[i] || dst[i] == 0;
*/
size_t model_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			    size_t daddr, size_t fs, size_t fd, size_t lag)
{
	size_t res = raw_copy_from_user(dst, src, len, daddr, fs, fd, lag);
	size_t i;

	/* memset(to + (n - res), 0, res) */
	/*@ loop invariant len - res <= i <= len;
	    loop invariant copied{Here}(dst, (uint8_t *)src, 0, len - res);
	    loop invariant \forall integer j; len - res <= j < i ==> dst[j] == 0;
	    loop assigns i, dst[len - res .. len - 1];
	    loop variant len - i;
	*/
	for (i = len - res; i < len; i++)
		dst[i] = 0;
	return res;
}
