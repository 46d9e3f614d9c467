/* nocache_v5: __copy_user_nocache with the rep movsb tail: EXACT on exact hardware, WEAK on delayed (body: src/nocache_v5.c). */
#ifndef UCOPY_NOCACHE_V5_H
#define UCOPY_NOCACHE_V5_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_WEAK_EXACT_HW
*/
size_t model_nocache_v5(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
