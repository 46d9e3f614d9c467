/*
 * movs_alt_word: rep_movs_alternative with the large path non-ERMS CPUs
 * get since commit b5322b6ec06a (v6.15): one quadword moved at the
 * possibly unaligned destination, the pointers and count advanced to the
 * next 8-aligned destination (1..8 bytes: part of that quadword is stored
 * again), then the rep movsq path of ca96b162bfd2 (asm/movs_alt_movsq.S).
 * A fault in the first quadword retries all of it bytewise.
 * Short copies as in movs_alt (asm/movs_alt.S).
 *
 * rep ABI: rdi to, rsi from, rcx count; rcx = bytes not copied.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_movs_alt_word)
	cmpq $64,%rcx
	jae .Llarge
	cmp $8,%ecx
	jae .Lword
	testl %ecx,%ecx
	je .Lexit

.Lcopy_user_tail:
0:	movb (%rsi),%al
1:	movb %al,(%rdi)
	inc %rdi
	inc %rsi
	dec %rcx
	jne .Lcopy_user_tail
.Lexit:
	RET

	_ASM_EXTABLE_UA( 0b, .Lexit)
	_ASM_EXTABLE_UA( 1b, .Lexit)

	.p2align 4
.Lword:
2:	movq (%rsi),%rax
3:	movq %rax,(%rdi)
	addq $8,%rsi
	addq $8,%rdi
	sub $8,%ecx
	je .Lexit
	cmp $8,%ecx
	jae .Lword
	jmp .Lcopy_user_tail		/* 1..7 bytes left */

	/* rsi/rdi/rcx still describe the faulting quadword: retry bytewise */
	_ASM_EXTABLE_UA( 2b, .Lcopy_user_tail)
	_ASM_EXTABLE_UA( 3b, .Lcopy_user_tail)

.Llarge:
	jmp .Llarge_movsq		/* the non-ERMS side of the alternative */

.Llarge_movsq:
4:	movq (%rsi),%rax		/* the first, possibly unaligned, quadword */
5:	movq %rax,(%rdi)

	_ASM_EXTABLE_UA( 4b, .Lcopy_user_tail)
	_ASM_EXTABLE_UA( 5b, .Lcopy_user_tail)

	leaq 8(%rdi),%rax		/* bytes to the next aligned destination */
	andq $-8,%rax
	subq %rdi,%rax
	addq %rax,%rdi
	addq %rax,%rsi
	subq %rax,%rcx

	movq %rcx,%rax
	shrq $3,%rcx			/* quadwords */
	andl $7,%eax			/* bytes after them */
0:	rep movsq
	movl %eax,%ecx
	testl %ecx,%ecx
	jne .Lcopy_user_tail
	RET

1:	leaq (%rax,%rcx,8),%rcx		/* quadwords left * 8 + the rest & 7 */
	jmp .Lcopy_user_tail

	_ASM_EXTABLE_UA( 0b, 1b)
SYM_FUNC_END(ucopy_movs_alt_word)
EXPORT_SYMBOL(ucopy_movs_alt_word)
