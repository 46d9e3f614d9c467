/* erms_short: copy_user_enhanced_fast_string with the short path, EXACT under both readings (body: src/rows/erms_short.c). */
#ifndef UCOPY_ERMS_SHORT_H
#define UCOPY_ERMS_SHORT_H

#include "tail.h"

/* The whole routine, for both tails (tail.h). */
/*@ UCOPY_COPY_BY_TAIL */
size_t erms_short_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		       size_t len);

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_erms_short(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
