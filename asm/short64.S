/*
 * short64: the 2017 short-string patch as first posted (NAKed; the merged
 * form is erms_short). The choice sat in the inline caller
 * (uaccess_64.h's copy_user_generic): copies of up to 64 bytes called
 * copy_user_generic_unrolled, longer ones the ERMS routine. So a short
 * copy pays for unrolled's own "< 8" test and its destination alignment,
 * which is the review's point.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 * Here the caller's choice is a tail jump into the two routines
 * (asm/unrolled.S, asm/erms.S); their exception-table entries and fix-ups
 * are theirs.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

ENTRY(ucopy_short64)
	cmpl $64,%edx
	jbe ucopy_unrolled		/* len <= 64 */
	jmp ucopy_erms
ENDPROC(ucopy_short64)
EXPORT_SYMBOL(ucopy_short64)
