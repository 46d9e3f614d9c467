/* stos_alt: rep_stos_alternative, v6.4+; EXACT under both readings (body: src/rows/stos_alt.c). */
#ifndef UCOPY_STOS_ALT_H
#define UCOPY_STOS_ALT_H

#include "clear_stages.h"

/*@ UCOPY_CLEAR_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_CLEAR_EXACT
*/
size_t model_stos_alt(uint8_t *dst, size_t len, size_t daddr);

#endif
