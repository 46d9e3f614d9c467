/* clear_rep_good: clear_user_rep_good, v6.1-v6.3; WEAK under both readings (body: src/rows/clear_rep_good.c). */
#ifndef UCOPY_CLEAR_REP_GOOD_H
#define UCOPY_CLEAR_REP_GOOD_H

#include "clear_stages.h"

/*@ UCOPY_CLEAR_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_CLEAR_WEAK
*/
size_t model_clear_rep_good(uint8_t *dst, size_t len, size_t daddr);

#endif
