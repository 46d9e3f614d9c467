/* erms_short_reptail: erms_short with the rep movsb tail: EXACT on exact hardware, WEAK on delayed (body: src/rows/erms_short_reptail.c). */
#ifndef UCOPY_ERMS_SHORT_REPTAIL_H
#define UCOPY_ERMS_SHORT_REPTAIL_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_WEAK_EXACT_HW
*/
size_t model_erms_short_reptail(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
