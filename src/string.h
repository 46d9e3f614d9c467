/* string: copy_user_generic_string, EXACT under both readings (body: src/string.c). */
#ifndef UCOPY_STRING_H
#define UCOPY_STRING_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t model_string(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
