/*
 * Loop stages the clear routines share (body: src/stages/clear_stages.c), each
 * proven once in its own unit and used through the contracts below.
 *
 *   clear_qwords   movq $0 over cnt quadwords from off, stopping at the
 *                  first that faults: __clear_user's label 0 (v2.6.12-v6.0)
 *                  and clear_user_original's .Lqwords (v6.1-v6.3)
 *   clear_bytes    movb $0 over cnt bytes from off, stopping at the first
 *                  fault: their byte loops and rep_stos_alternative's
 *                  .Lclear_user_tail (v6.4+)
 *   clear_block64  the eight movq of rep_stos_alternative's .Lunrolled
 */
#ifndef UCOPY_CLEAR_STAGES_H
#define UCOPY_CLEAR_STAGES_H

#include "hw.h"

/* Returns the quadwords not cleared: exactly those from the first one
 * touching a faulting byte. */
/*@ requires buffers: dspan(dst, off, off + 8 * cnt, hw_area);
    assigns dst[off .. off + 8 * cnt - 1];
    ensures count: \result == cnt - stosq_done(off, cnt, hw_fd);
    ensures zeroed: zeroed{Post}(dst, off, off + 8 * (cnt - \result));
    ensures untouched: unchanged{Pre, Post}(dst, off + 8 * (cnt - \result), off + 8 * cnt);
*/
size_t clear_qwords(uint8_t *dst, size_t off, size_t cnt);

/* Returns the bytes not cleared: exactly those from the first fault on. */
/*@ requires buffers: dspan(dst, off, off + cnt, hw_area);
    assigns dst[off .. off + cnt - 1];
    ensures count: \result == cnt - stosb_done(off, cnt, hw_fd);
    ensures zeroed: zeroed{Post}(dst, off, off + cnt - \result);
    ensures untouched: unchanged{Pre, Post}(dst, off + cnt - \result, off + cnt);
*/
size_t clear_bytes(uint8_t *dst, size_t off, size_t cnt);

/*
 * Eight quadword stores at off .. off+63 in order: 1 when all were
 * stored; 0 when one faulted, the earlier ones stored, nothing at or past
 * the fault changed.
 */
/*@ requires buffers: dspan(dst, off, off + 64, hw_area);
    assigns dst[off .. off + 63];
    behavior stored:
      assumes off + 64 <= hw_fd;
      ensures ok: \result == 1;
      ensures zeroed: zeroed{Post}(dst, off, off + 64);
    behavior faulted:
      assumes off + 64 > hw_fd;
      ensures failed: \result == 0;
      ensures zero_or_old: zero_or_old{Pre, Post}(dst, off, off + 64);
      ensures untouched: \forall integer i; off <= i < off + 64 && i >= hw_fd ==>
                dst[i] == \old(dst[i]);
    complete behaviors;
    disjoint behaviors;
*/
int clear_block64(uint8_t *dst, size_t off);

#endif
