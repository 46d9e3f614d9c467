/*
 * tail_c: copy_user_handle_tail as of v4.12 (a C function in
 * arch/x86/lib/usercopy_64.c there, after the zeroing moved out to
 * _copy_from_user). Written in asm here so that its two user accesses have
 * exception-table entries the fault lab can see, as __get_user and
 * __put_user give the C version.
 *
 * C ABI: rdi to, rsi from, edx bytes left; returns eax = bytes not copied.
 * The fix-ups up to v5.1 jump here with the pointers where the fault stopped them
 * and the count they computed. One byte per round, load then store; the
 * first byte that faults either way ends the copy, and eax then still
 * counts it.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

ENTRY(copy_user_handle_tail)
	movl %edx,%eax
	testl %eax,%eax
	jz 3f
1:	movb (%rsi),%cl
2:	movb %cl,(%rdi)
	incq %rsi
	incq %rdi
	decl %eax
	jnz 1b
3:	ASM_CLAC
	ret

	_ASM_EXTABLE(1b,3b)
	_ASM_EXTABLE(2b,3b)
ENDPROC(copy_user_handle_tail)
/* The registry row tail_c runs it under the project's name. */
SYM_FUNC_ALIAS(ucopy_tail_c, copy_user_handle_tail)
