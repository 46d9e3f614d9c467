/* fsrm: inline rep movsb: EXACT on exact hardware, WEAK on delayed (body: src/fsrm.c). */
#ifndef UCOPY_FSRM_H
#define UCOPY_FSRM_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
    behavior exact_hw:
      assumes hw_exact != 0;
      ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t model_fsrm(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
