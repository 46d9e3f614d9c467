/*
 * ALIGN_DESTINATION (copy_user_64.S up to v6.3), shared by unrolled, string
 * and nocache: for a copy of len >= 8 whose destination is not 8-aligned,
 * copy the 8 - (daddr & 7) bytes up to the boundary one at a time. A fault
 * there leaves "count still to align plus the rest" (edx + ecx) to the
 * routine's tail (tail_c up to v5.1, the rep movsb tail from v5.2), whose
 * result is returned; otherwise UCOPY_GO_ON, with align_bytes(daddr) bytes
 * copied (body: src/stages/align_destination.c).
 */
#ifndef UCOPY_ALIGN_DESTINATION_H
#define UCOPY_ALIGN_DESTINATION_H

#include "tail.h"

/* Returned by align_destination when the copy goes on (no tail was run). */
#define UCOPY_GO_ON SIZE_MAX

/*@ logic integer align_bytes(integer daddr) = (8 - daddr % 8) % 8; */

/*@ UCOPY_TAIL_KIND
    requires no_wrap: 8 <= len <= UCOPY_LEN_MAX;
    requires area: len == hw_area;
    requires buffers: span(dst, (uint8_t *)src, 0, len, hw_area);
    assigns dst[0 .. len - 1];
    behavior aligned:
      assumes align_bytes(daddr) <= fault_at(hw_fs, hw_fd);
      ensures goes_on: \result == UCOPY_GO_ON;
      ensures aligned: copied{Post}(dst, (uint8_t *)src, 0, align_bytes(daddr));
      ensures untouched: unchanged{Pre, Post}(dst, align_bytes(daddr), len);
    behavior faulted:
      assumes align_bytes(daddr) > fault_at(hw_fs, hw_fd);
      ensures weak: WEAK{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
      ensures exact: kind == TAIL_C || hw_exact != 0 ==>
                     EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
    complete behaviors;
    disjoint behaviors;
*/
size_t align_destination(enum tail_kind kind, uint8_t *dst, const uint8_t *src,
			 size_t len, size_t daddr);

#endif
