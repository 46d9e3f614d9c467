/* clear_loop: __clear_user's inline asm, v2.6.12-v6.0; WEAK under both readings (body: src/rows/clear_loop.c). */
#ifndef UCOPY_CLEAR_LOOP_H
#define UCOPY_CLEAR_LOOP_H

#include "clear_stages.h"

/*@ UCOPY_CLEAR_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_CLEAR_WEAK
*/
size_t model_clear_loop(uint8_t *dst, size_t len, size_t daddr);

#endif
