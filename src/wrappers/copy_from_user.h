/*
 * copy_from_user: the wrapper of lib/usercopy.c (_copy_from_user) over
 * raw_copy_from_user, proven ZEROPAD assuming of raw_copy_from_user only
 * the WEAK contract, so over every strategy proven WEAK or better
 * (body: src/wrappers/copy_from_user.c).
 */
#ifndef UCOPY_COPY_FROM_USER_H
#define UCOPY_COPY_FROM_USER_H

#include "hw.h"

/*
 * Whichever strategy the kernel patched in. The tests link it to each
 * registry model in turn (src/runtime/registry.c).
 */
/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t raw_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			  size_t daddr);

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures zeropad: ZEROPAD{Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
    ensures no_stale_byte: \forall integer i; 0 <= i < len ==>
              dst[i] == src[i] || dst[i] == 0;
*/
size_t model_copy_from_user(uint8_t *dst, const uint8_t *src, size_t len,
			    size_t daddr);

#endif
