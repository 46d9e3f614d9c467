/*
 * tail_rep_mc_left: .Lcopy_user_handle_tail from v5.17 (3376136300a0) to
 * v6.3. The machine-check test comes back (v5.16 had dropped v5.10's, see
 * asm/tail_rep_mc.S) in a new form: on trap 18 it skips the retry, which
 * would only run into the poisoned line again, and returns the count it
 * was given, the bytes left where the fix-up stood. Otherwise it is
 * tail_rep: one rep movsb, rcx the result.
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

SYM_FUNC_START(ucopy_tail_rep_mc_left)
	cmp $X86_TRAP_MC,%eax		/* a machine check: no retry */
	je 3f
	movl %edx,%ecx
1:	rep movsb
2:	mov %ecx,%eax			/* 0, or what the fault left */
	ASM_CLAC
	RET

3:	movl %edx,%eax			/* the bytes left, as given */
	ASM_CLAC
	RET

	_ASM_EXTABLE_CPY(1b, 2b)
SYM_FUNC_END(ucopy_tail_rep_mc_left)
