/* clear_original: clear_user_original, v6.1-v6.3; WEAK under both readings (body: src/rows/clear_original.c). */
#ifndef UCOPY_CLEAR_ORIGINAL_H
#define UCOPY_CLEAR_ORIGINAL_H

#include "clear_stages.h"

/*@ UCOPY_CLEAR_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_CLEAR_WEAK
*/
size_t model_clear_original(uint8_t *dst, size_t len, size_t daddr);

#endif
