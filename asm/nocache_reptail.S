/*
 * nocache_reptail: __copy_user_nocache from v5.2 (3693ca81151e) to v6.3: the
 * routine of asm/nocache.S, whose every fix-up (after its sfence), ALIGN_DESTINATION's
 * included, now jumps to the rep movsb tail (asm/tail_rep.S) instead of
 * the C byte retry.
 */
#define UCOPY_TAIL ucopy_tail_rep
#define ucopy_nocache ucopy_nocache_reptail
#include "nocache.S"
