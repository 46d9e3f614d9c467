/* erms: copy_user_enhanced_fast_string before 236222d39347, EXACT under both readings (body: src/rows/erms.c). */
#ifndef UCOPY_ERMS_H
#define UCOPY_ERMS_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_erms(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
