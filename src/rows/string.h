/* string: copy_user_generic_string, EXACT under both readings (body: src/rows/string.c). */
#ifndef UCOPY_STRING_H
#define UCOPY_STRING_H

#include "tail.h"

/* The whole routine, for both tails (tail.h). */
/*@ UCOPY_COPY_BY_TAIL */
size_t string_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		   size_t len, size_t daddr);

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_string(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
