/* fsrs: clear_user's inline rep stosb (FSRS); EXACT on exact hw, WEAK when the report lags (body: src/rows/fsrs.c). */
#ifndef UCOPY_FSRS_H
#define UCOPY_FSRS_H

#include "clear_stages.h"

/*@ UCOPY_CLEAR_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_CLEAR_WEAK_EXACT_HW
*/
size_t model_fsrs(uint8_t *dst, size_t len, size_t daddr);

#endif
