/*
 * unrolled_reptail: copy_user_generic_unrolled from v5.2 (3693ca81151e) to v6.3: the
 * routine of asm/unrolled.S, whose every fix-up, ALIGN_DESTINATION's
 * included, now jumps to the rep movsb tail (asm/tail_rep.S) instead of
 * the C byte retry.
 */
#define UCOPY_TAIL ucopy_tail_rep
#define ucopy_unrolled ucopy_unrolled_reptail
#include "unrolled.S"
