/* movs_alt_movsq: rep_movs_alternative, rep movsq path: EXACT under both readings (body: src/rows/movs_alt_movsq.c). */
#ifndef UCOPY_MOVS_ALT_MOVSQ_H
#define UCOPY_MOVS_ALT_MOVSQ_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_movs_alt_movsq(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
