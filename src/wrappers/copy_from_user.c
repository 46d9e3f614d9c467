/*
 * copy_from_user: the wrapper of lib/usercopy.c (_copy_from_user, v4.19+):
 * after raw_copy_from_user returns res bytes not copied, it zeroes the last
 * res bytes of the destination. The proof assumes of raw_copy_from_user
 * only the WEAK contract, so it holds over every strategy proven WEAK or
 * better. (The access_ok() check before the copy is left out: when it
 * fails the kernel behaves as if res == len, a case the proof covers.)
 */
#include "copy_from_user.h"

size_t model_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			    size_t daddr)
{
	size_t res = raw_copy_from_user(dst, src, len, daddr);
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
