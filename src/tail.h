/*
 * The tail a routine's fix-ups jump to: the C byte retry up to v5.1
 * (tail_c) or the asm rep movsb tail after it (tail_rep). Stages shared
 * by routines of both eras take the kind and dispatch here
 * (body: src/tail_rep.c).
 */
#ifndef UCOPY_TAIL_H
#define UCOPY_TAIL_H

#include "tail_c.h"
#include "tail_rep.h"

enum tail_kind { TAIL_C, TAIL_REP };

/*@ requires kind: kind == TAIL_C || kind == TAIL_REP;
    requires buffers: span(dst, (uint8_t *)src, off, off + rem, hw_area);
    assigns dst[off .. off + rem - 1];
    ensures weak: weak_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, hw_fs, hw_fd, \result);
    behavior exact:
      assumes kind == TAIL_C || hw_exact != 0;
      ensures exact: exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rem, hw_fs, hw_fd, \result);
*/
size_t run_tail(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		size_t off, size_t rem);

#endif
