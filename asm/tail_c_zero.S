/*
 * tail_c_zero: copy_user_handle_tail with zerorest, as the C tail was from
 * v2.6.27 (1129585a08ba) until the zeroing left it (cae2a173fe94, v4.8).
 * Written in asm, as tail_c.S is, so that each user access has its
 * exception-table entry.
 *
 * C ABI: rdi to, rsi from, edx bytes left, ecx zerorest; returns eax =
 * bytes not copied. The fix-ups of that era jump here with the count they
 * computed in ecx too ("ecx is zerorest also"), never 0 after a fault, so
 * the row's entry sets it. One byte per round, load then store, until a
 * fault; then, with zerorest, zeros from the first byte not copied until
 * a store faults. eax still counts the zeroed bytes.
 *
 * The zeros start at the byte that was not copied. Kernel trees of the
 * era also hold a form whose destination pointer had already stepped past
 * a byte whose store faulted, so its zeros start one byte later and, on
 * the last byte, one past the destination: tests/mutants/ has it, and
 * the sweep reports that access.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_tail_c_zero)
	movl $1,%ecx			/* a fix-up's count: nonzero */
SYM_INNER_LABEL(copy_user_handle_tail_zerorest, SYM_L_GLOBAL)
	movl %edx,%eax
	testl %eax,%eax
	jz 5f
1:	movb (%rsi),%dl
2:	movb %dl,(%rdi)
	incq %rsi
	incq %rdi
	decl %eax
	jnz 1b
	jmp 5f

3:	testl %ecx,%ecx			/* a fault: zero the rest? */
	jz 5f
	movl %eax,%ecx
4:	movb $0,(%rdi)
	incq %rdi
	decl %ecx
	jnz 4b
5:	ASM_CLAC
	RET

	_ASM_EXTABLE(1b,3b)
	_ASM_EXTABLE(2b,3b)
	_ASM_EXTABLE(4b,5b)
SYM_FUNC_END(ucopy_tail_c_zero)
