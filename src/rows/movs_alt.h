/* movs_alt: rep_movs_alternative (ERMS): EXACT on exact hardware, WEAK on delayed (body: src/rows/movs_alt.c). */
#ifndef UCOPY_MOVS_ALT_H
#define UCOPY_MOVS_ALT_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_WEAK_EXACT_HW
*/
size_t model_movs_alt(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
