/* erms_fsrm_v5: erms_short_v5 without its short path (FSRM): EXACT on exact hardware, WEAK on delayed (body: src/erms_fsrm_v5.c). */
#ifndef UCOPY_ERMS_FSRM_V5_H
#define UCOPY_ERMS_FSRM_V5_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_WEAK_EXACT_HW
*/
size_t model_erms_fsrm_v5(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
