/* movs_alt_unrolled: rep_movs_alternative, v6.4-v6.5 unrolled large path: EXACT under both readings (body: src/rows/movs_alt_unrolled.c). */
#ifndef UCOPY_MOVS_ALT_UNROLLED_H
#define UCOPY_MOVS_ALT_UNROLLED_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_movs_alt_unrolled(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
