/* uncached: __copy_user_nocache as rewritten in v6.4 (copy_user_uncached_64.S): WEAK under both readings (body: src/rows/uncached.c). */
#ifndef UCOPY_UNCACHED_H
#define UCOPY_UNCACHED_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t model_uncached(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
