/* short64: the 2017 patch as posted, EXACT under both readings (body: src/rows/short64.c). */
#ifndef UCOPY_SHORT64_H
#define UCOPY_SHORT64_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_short64(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
