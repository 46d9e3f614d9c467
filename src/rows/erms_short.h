/* erms_short: copy_user_enhanced_fast_string with the short path, EXACT under both readings (body: src/rows/erms_short.c). */
#ifndef UCOPY_ERMS_SHORT_H
#define UCOPY_ERMS_SHORT_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_erms_short(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
