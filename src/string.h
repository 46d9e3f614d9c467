/* string: copy_user_generic_string, EXACT under both readings (body: src/string.c). */
#ifndef UCOPY_STRING_H
#define UCOPY_STRING_H

#include "tail.h"

/*
 * The whole routine, its fix-ups jumping to the given tail: tail_c up to
 * v5.1 (model_string), the rep movsb tail from v5.2 (string_v5).
 */
/*@ requires kind: kind == TAIL_C || kind == TAIL_REP;
    UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
    behavior exact:
      assumes kind == TAIL_C || hw_exact != 0;
      ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t string_copy(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		   size_t len, size_t daddr);

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
size_t model_string(uint8_t *dst, const uint8_t *src, size_t len, size_t daddr);

#endif
