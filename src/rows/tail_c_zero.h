/*
 * tail_c_zero: copy_user_handle_tail with its zerorest argument (the C
 * tail from 1129585a08ba, v2.6.27, until the zeroing left it): retries the
 * rem bytes left one at a time, stops at the first fault, then stores
 * zeros from there until a store faults; returns the bytes not copied (the
 * zeroed ones among them). Every fix-up of that era jumps to it with a
 * nonzero count in ecx, its zerorest, so the model always zeroes.
 * ZEROTAIL on [off, off + rem) under both readings (body: src/rows/tail_c_zero.c).
 */
#ifndef UCOPY_TAIL_C_ZERO_H
#define UCOPY_TAIL_C_ZERO_H

#include "hw.h"

/*@ UCOPY_PART_CONTRACT(off + rem)
    ensures zerotail: zerotail_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, hw_fs, hw_fd, \result);
*/
size_t model_tail_c_zero(uint8_t *dst, const uint8_t *src, size_t off, size_t rem);

#endif
