/*
 * string_reptail: copy_user_generic_string from v5.2 (3693ca81151e) to v6.3: the
 * routine of asm/string.S, whose every fix-up, ALIGN_DESTINATION's
 * included, now jumps to the rep movsb tail (asm/tail_rep.S) instead of
 * the C byte retry.
 */
#define UCOPY_TAIL ucopy_tail_rep
#define ucopy_string ucopy_string_reptail
#include "string.S"
