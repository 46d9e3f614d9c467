/* clear_bytewise: the reference clear, EXACT under both readings (body: src/rows/clear_bytewise.c). */
#ifndef UCOPY_CLEAR_BYTEWISE_H
#define UCOPY_CLEAR_BYTEWISE_H

#include "clear_stages.h"

/*@ UCOPY_CLEAR_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_CLEAR_EXACT
*/
size_t model_clear_bytewise(uint8_t *dst, size_t len, size_t daddr);

#endif
