/* string_v5: copy_user_generic_string with the rep movsb tail: EXACT on exact hardware, WEAK on delayed (body: src/string_v5.c). */
#ifndef UCOPY_STRING_V5_H
#define UCOPY_STRING_V5_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_WEAK_EXACT_HW
*/
size_t model_string_v5(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
