/* string: copy_user_generic_string, EXACT under both readings (body: src/rows/string.c). */
#ifndef UCOPY_STRING_H
#define UCOPY_STRING_H

#include "tail.h"

/*
 * The whole routine, its fix-ups jumping to the given tail: tail_c up to
 * v5.1 (model_string), the rep movsb tail from v5.2 (string_reptail).
 */
/*@ UCOPY_TAIL_KIND
    UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_BY_TAIL
*/
size_t string_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		   size_t len, size_t daddr);

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_string(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
