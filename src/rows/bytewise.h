/* bytewise: the reference copy, EXACT under both readings (body: src/rows/bytewise.c). */
#ifndef UCOPY_BYTEWISE_H
#define UCOPY_BYTEWISE_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_bytewise(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
