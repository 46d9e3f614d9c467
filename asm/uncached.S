/*
 * uncached: __copy_user_nocache as rewritten in v6.4 (034ff37d3407,
 * arch/x86/lib/copy_user_uncached_64.S). The aligned bulk is written with
 * movnti; misaligned head and small tail with ordinary stores, except the
 * 4-byte ones, which are movnti too. No tail routine: every fix-up returns
 * at once with what the stores before the fault did. The normal ways out
 * pass an sfence; a fault path does not, relying on the exception (and the
 * iret that ends it) to order the movnti stores already done.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 *
 *   unaligned dst   1, 2, 4 bytes by rdi's low bits; fault: edx
 *   >= 64           blocks of 4 loads + 4 movnti, twice; a load fault: the
 *                   quadword loop from the block (or its second half); a
 *                   store fault: edx less the stores done in the block
 *   >= 8            movnti quadwords; a load fault: one 4-byte try, then
 *                   return; a store fault: edx
 *   rest            4 (movnti), 2, 1 bytes by edx's bits; fault: edx
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_uncached)
	testb $7,%dil
	jne .Lalign

.Lis_aligned:
	cmp $64,%edx
	jb .Lquadwords

	.p2align 4,0x90
.Lunrolled:
10:	movq (%rsi),%r8
11:	movq 8(%rsi),%r9
12:	movq 16(%rsi),%r10
13:	movq 24(%rsi),%r11
20:	movnti %r8,(%rdi)
21:	movnti %r9,8(%rdi)
22:	movnti %r10,16(%rdi)
23:	movnti %r11,24(%rdi)
30:	movq 32(%rsi),%r8
31:	movq 40(%rsi),%r9
32:	movq 48(%rsi),%r10
33:	movq 56(%rsi),%r11
40:	movnti %r8,32(%rdi)
41:	movnti %r9,40(%rdi)
42:	movnti %r10,48(%rdi)
43:	movnti %r11,56(%rdi)
	addq $64,%rsi
	addq $64,%rdi
	sub $64,%edx
	cmp $64,%edx
	jae .Lunrolled

	/* nothing of the block stored yet: redo it as quadwords */
	_ASM_EXTABLE_UA(10b, .Lquadwords)
	_ASM_EXTABLE_UA(11b, .Lquadwords)
	_ASM_EXTABLE_UA(12b, .Lquadwords)
	_ASM_EXTABLE_UA(13b, .Lquadwords)
	/* the first half stored: step over it, then quadwords */
	_ASM_EXTABLE_UA(30b, .Lfixup32)
	_ASM_EXTABLE_UA(31b, .Lfixup32)
	_ASM_EXTABLE_UA(32b, .Lfixup32)
	_ASM_EXTABLE_UA(33b, .Lfixup32)
	/* a store: done, less what this block stored */
	_ASM_EXTABLE_UA(20b, .Ldone0)
	_ASM_EXTABLE_UA(21b, .Ldone8)
	_ASM_EXTABLE_UA(22b, .Ldone16)
	_ASM_EXTABLE_UA(23b, .Ldone24)
	_ASM_EXTABLE_UA(40b, .Ldone32)
	_ASM_EXTABLE_UA(41b, .Ldone40)
	_ASM_EXTABLE_UA(42b, .Ldone48)
	_ASM_EXTABLE_UA(43b, .Ldone56)

.Lquadwords:
	cmp $8,%edx
	jb .Llong
50:	movq (%rsi),%rax
51:	movnti %rax,(%rdi)
	addq $8,%rsi
	addq $8,%rdi
	sub $8,%edx
	jmp .Lquadwords

	_ASM_EXTABLE_UA(50b, .Llast4)	/* the load: try 4 bytes of it */
	_ASM_EXTABLE_UA(51b, .Ldone0)

.Llong:
	test $4,%dl
	je .Lword
60:	movl (%rsi),%eax
61:	movnti %eax,(%rdi)
	addq $4,%rsi
	addq $4,%rdi
	sub $4,%edx
.Lword:
	sfence				/* order the movnti stores */
	test $2,%dl
	je .Lbyte
70:	movw (%rsi),%ax
71:	movw %ax,(%rdi)
	addq $2,%rsi
	addq $2,%rdi
	sub $2,%edx
.Lbyte:
	test $1,%dl
	je .Ldone
80:	movb (%rsi),%al
81:	movb %al,(%rdi)
	dec %edx
.Ldone:
	mov %edx,%eax
	RET

	_ASM_EXTABLE_UA(60b, .Ldone)
	_ASM_EXTABLE_UA(61b, .Ldone)
	_ASM_EXTABLE_UA(70b, .Ldone)
	_ASM_EXTABLE_UA(71b, .Ldone)
	_ASM_EXTABLE_UA(80b, .Ldone)
	_ASM_EXTABLE_UA(81b, .Ldone)

.Lalign:
	test $1,%dil
	je .Lalign_word
	test %edx,%edx
	je .Ldone
90:	movb (%rsi),%al
91:	movb %al,(%rdi)
	inc %rsi
	inc %rdi
	dec %edx
.Lalign_word:
	test $2,%dil
	je .Lalign_long
	cmp $2,%edx
	jb .Lbyte
92:	movw (%rsi),%ax
93:	movw %ax,(%rdi)
	addq $2,%rsi
	addq $2,%rdi
	sub $2,%edx
.Lalign_long:
	test $4,%dil
	je .Lis_aligned
	cmp $4,%edx
	jb .Lword
94:	movl (%rsi),%eax
95:	movnti %eax,(%rdi)
	addq $4,%rsi
	addq $4,%rdi
	sub $4,%edx
	jmp .Lis_aligned

	_ASM_EXTABLE_UA(90b, .Ldone)
	_ASM_EXTABLE_UA(91b, .Ldone)
	_ASM_EXTABLE_UA(92b, .Ldone)
	_ASM_EXTABLE_UA(93b, .Ldone)
	_ASM_EXTABLE_UA(94b, .Ldone)
	_ASM_EXTABLE_UA(95b, .Ldone)

.Ldone56: sub $8,%edx			/* stores done in the block, 8 each */
.Ldone48: sub $8,%edx
.Ldone40: sub $8,%edx
.Ldone32: sub $8,%edx
.Ldone24: sub $8,%edx
.Ldone16: sub $8,%edx
.Ldone8: sub $8,%edx
.Ldone0:
	mov %edx,%eax
	RET

.Lfixup32:
	addq $32,%rsi
	addq $32,%rdi
	sub $32,%edx
	jmp .Lquadwords

.Llast4:
52:	movl (%rsi),%eax
53:	movnti %eax,(%rdi)
	sfence
	sub $4,%edx
	mov %edx,%eax
	RET
	_ASM_EXTABLE_UA(52b, .Ldone0)
	_ASM_EXTABLE_UA(53b, .Ldone0)
SYM_FUNC_END(ucopy_uncached)
EXPORT_SYMBOL(ucopy_uncached)
