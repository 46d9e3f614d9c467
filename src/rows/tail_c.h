/*
 * tail_c: copy_user_handle_tail in C (arch/x86/lib/usercopy_64.c, up to
 * 3693ca81151e): retries the rem bytes left one at a time, stops at the
 * first fault, returns the bytes left. The kernel gets advanced pointers
 * and the count; the model gets the offset the pointers stand at.
 * EXACT on [off, off + rem) under both readings (body: src/rows/tail_c.c).
 */
#ifndef UCOPY_TAIL_C_H
#define UCOPY_TAIL_C_H

#include "hw.h"

/*@ UCOPY_PART_CONTRACT(off + rem)
    ensures exact: exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, hw_fs, hw_fd, \result);
*/
size_t model_tail_c(uint8_t *dst, const uint8_t *src, size_t off, size_t rem);

#endif
