/*
 * tail_rep_mc: .Lcopy_user_handle_tail from v5.10 (a2f73400e4df) to
 * v5.15; 690658471b5f (v5.16) dropped the test, and 3376136300a0 (v5.17)
 * brought back another form (tail_rep_mc_left.S). The fix-ups of
 * copy_user_64.S reach it through _ASM_EXTABLE_CPY
 * entries, whose handler leaves the trap number in eax: a machine check
 * (X86_TRAP_MC) skips the retry and returns 0, because retrying would run
 * into the poisoned line again and the machine-check handler signals the
 * task anyway. Otherwise it is tail_rep: one rep movsb, rcx the result.
 *
 * rdi to, rsi from, edx bytes left, eax the trap number; returns eax =
 * bytes not copied. Run as a row, it is entered with eax holding the
 * lab's filler (never 18), as after a page fault.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/trapnr.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_tail_rep_mc)
	movl %edx,%ecx
	cmp $X86_TRAP_MC,%eax		/* a machine check: no retry */
	je 3f
1:	rep movsb
2:	mov %ecx,%eax			/* 0, or what the fault left */
	ASM_CLAC
	RET

3:	xorl %eax,%eax			/* "all copied": SIGBUS follows */
	ASM_CLAC
	RET

	_ASM_EXTABLE_CPY(1b, 2b)
SYM_FUNC_END(ucopy_tail_rep_mc)
