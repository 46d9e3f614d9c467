/* nocache: __copy_user_nocache, EXACT under both readings (body: src/nocache.c). */
#ifndef UCOPY_NOCACHE_H
#define UCOPY_NOCACHE_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t model_nocache(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
