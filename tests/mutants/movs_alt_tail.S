/*
 * Mutant of asm/movs_alt.S: the byte tail stops with one byte still to
 * go (an off-by-one loop bound), so every copy whose length is not a
 * multiple of 8, or that faults in the word loop, comes back one byte
 * short. The sweep must report a wrong result.
 */
#include <linux/linkage.h>
#include <asm/asm.h>

SYM_FUNC_START(ucopy_mut_movs_alt_tail)
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
	cmp $1,%rcx			/* MUTANT: should run down to 0 */
	ja .Lcopy_user_tail
.Lexit:
	RET

	_ASM_EXTABLE_UA( 0b, .Lexit)
	_ASM_EXTABLE_UA( 1b, .Lexit)

.Lword:
2:	movq (%rsi),%rax
3:	movq %rax,(%rdi)
	addq $8,%rsi
	addq $8,%rdi
	sub $8,%ecx
	je .Lexit
	cmp $8,%ecx
	jae .Lword
	jmp .Lcopy_user_tail

	_ASM_EXTABLE_UA( 2b, .Lcopy_user_tail)
	_ASM_EXTABLE_UA( 3b, .Lcopy_user_tail)

.Llarge:
0:	rep movsb
1:	RET

	_ASM_EXTABLE_UA( 0b, 1b)
SYM_FUNC_END(ucopy_mut_movs_alt_tail)
