/*
 * tail_rep: the tail handler of commit 3693ca81151e (v5.2), which moved
 * copy_user_handle_tail into copy_user_64.S as the local
 * .Lcopy_user_handle_tail: one rep movsb over what is left, and whatever
 * rcx says afterwards is the result. Under exact fault reporting that is
 * the byte-exact remainder; under delayed reporting it may under-report.
 *
 * Exposed under a global name so that strategies in other files
 * (erms_short_reptail) can jump to it and the lab can run it on its own.
 * rdi to, rsi from, edx bytes left; returns eax = bytes not copied.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_tail_rep)
	movl %edx,%ecx
1:	rep movsb
2:	movl %ecx,%eax			/* 0, or what the fault left */
	ASM_CLAC
	RET

	_ASM_EXTABLE_UA(1b, 2b)
SYM_FUNC_END(ucopy_tail_rep)
