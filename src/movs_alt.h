/* movs_alt: rep_movs_alternative (ERMS): EXACT on exact hardware, WEAK on delayed (body: src/movs_alt.c). */
#ifndef UCOPY_MOVS_ALT_H
#define UCOPY_MOVS_ALT_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
    behavior exact_hw:
      assumes hw_exact != 0;
      ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t model_movs_alt(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
