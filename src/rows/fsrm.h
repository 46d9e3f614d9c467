/* fsrm: inline rep movsb: EXACT on exact hardware, WEAK on delayed (body: src/rows/fsrm.c). */
#ifndef UCOPY_FSRM_H
#define UCOPY_FSRM_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_WEAK_EXACT_HW
*/
size_t model_fsrm(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
