/* erms_fsrm_reptail: erms_short_reptail without its short path (FSRM): EXACT on exact hardware, WEAK on delayed (body: src/rows/erms_fsrm_reptail.c). */
#ifndef UCOPY_ERMS_FSRM_REPTAIL_H
#define UCOPY_ERMS_FSRM_REPTAIL_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_WEAK_EXACT_HW
*/
size_t model_erms_fsrm_reptail(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
