/*
 * Loop stages that more than one strategy runs, each proven once in its own
 * unit and used by the models through the contract below. A stage starts
 * with [0, off) of the copy already done (off <= f) and is exact on the part
 * it is handed (exact_from), or, for a whole short copy, EXACT.
 *
 *   src/stages/stages_v4.c    the copy_user_64.S pieces (v2.6.27-v6.3) unrolled and nocache
 *                      share: half a 64-byte block, the byte loop
 *   src/stages/stages_movs.c  rep_movs_alternative's (v6.4+) short path: the
 *                      quadword loop and the byte tail; its rep movsq path
 */
#ifndef UCOPY_STAGES_H
#define UCOPY_STAGES_H

#include "tail.h"

/*
 * Half a 64-byte block (labels 1-8 or 9-16 of unrolled and nocache): four
 * 8-byte loads, then the four stores (movq or movnti: the same to one
 * thread). A faulting load stops the round before its stores; a faulting
 * store stops it after the earlier stores. Either way nothing at or past f
 * is written, and what was written came from the source.
 */
/*@ UCOPY_PART_CONTRACT(off + 32)
    behavior moved:
      assumes off + 32 <= fault_at(hw_fs, hw_fd);
      ensures ok: \result == 1;
      ensures copied: copied{Post}(dst, (uint8_t *)src, off, off + 32);
    behavior faulted:
      assumes off + 32 > fault_at(hw_fs, hw_fd);
      ensures failed: \result == 0;
      ensures src_or_old: src_or_old{Pre, Post}(dst, (uint8_t *)src, off, off + 32);
      ensures untouched: \forall integer i; off <= i < off + 32 && i >= fault_at(hw_fs, hw_fd) ==>
                dst[i] == \old(dst[i]);
    complete behaviors;
    disjoint behaviors;
*/
int copy_round32(uint8_t *dst, const uint8_t *src, size_t off);

/*
 * The byte loop (unrolled's labels 21/22, nocache's
 * .L_1b_cache_copy_loop): movb pairs over edx bytes; a fault leaves ecx,
 * the bytes left, to the tail the routine's era jumps to (tail_c, or
 * tail_rep from v5.2 on, whose rep movsb is exact only on exact hardware).
 */
/*@ UCOPY_TAIL_KIND
    UCOPY_STAGE(off + edx)
*/
size_t copy_bytes(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
		  size_t off, uint32_t edx);

/*
 * rep_movs_alternative's byte tail (.Lcopy_user_tail): movb pairs over rcx
 * bytes; a fault returns rcx as it stands, the bytes left. No retry is
 * needed: a byte either moves or faults.
 */
/*@ UCOPY_PART_CONTRACT(off + rcx)
    ensures exact: exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rcx, hw_fs, hw_fd, \result);
*/
size_t movs_tail(uint8_t *dst, const uint8_t *src, size_t off, size_t rcx);

/*
 * The quadword loop (.Lword), entered with rcx >= 8: rsi/rdi/rcx change
 * only after both moves, so on a fault they still describe the faulting
 * quadword and the byte tail takes over from there; 1..7 bytes left go to
 * the byte tail too. The v6.4-v6.5 unrolled loop ends in it.
 */
/*@ requires words: 8 <= rcx;
    requires before_fault: off <= fault_at(hw_fs, hw_fd);
    UCOPY_PART_CONTRACT(off + rcx)
    ensures exact: exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rcx, hw_fs, hw_fd, \result);
*/
size_t movs_words(uint8_t *dst, const uint8_t *src, size_t off, size_t rcx);

/*
 * The rep movsq path (.Llarge_movsq, v6.6+) over the rcx bytes from off:
 * rep movsq of rcx / 8 quadwords, then the byte tail for rcx & 7. A fault
 * in rep movsq leaves its count; the fix-up hands count * 8 + rcx & 7 to
 * the byte tail at the position rsi/rdi report. EXACT for every reporting
 * lag: rep movsq stores nothing past the first faulting quadword, and the
 * byte tail redoes from the reported position what the report left out.
 */
/*@ requires before_fault: off <= fault_at(hw_fs, hw_fd);
    UCOPY_PART_CONTRACT(off + rcx)
    ensures exact: exact_from{Pre, Post}(dst, (uint8_t *)src, off, off + rcx, hw_fs, hw_fd, \result);
*/
size_t movs_movsq(uint8_t *dst, const uint8_t *src, size_t off, size_t rcx);

/*
 * rep_movs_alternative below 64 bytes: the quadword loop for 8 <= len
 * (.Lword; a fault hands the faulting quadword and everything after it to
 * the byte tail, pointers and rcx unchanged), the byte tail for the rest.
 */
/*@ requires short: len < 64;
    UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_EXACT
*/
size_t movs_short(uint8_t *dst, const uint8_t *src, size_t len);

#endif
