/* movs_fast: the proposed rep_movs_alternative: EXACT under both readings (body: src/rows/movs_fast.c). */
#ifndef UCOPY_MOVS_FAST_H
#define UCOPY_MOVS_FAST_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_movs_fast(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
