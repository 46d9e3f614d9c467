/*
 * lab_call: calls a copy routine under test with its ABI, with known
 * values in every register, and records what it left behind, so that the
 * lab can check the clobber rules (rbx, rbp, r12-r15 and rsp preserved,
 * DF clear) without trusting the routine to return sanely.
 *
 * void lab_call(struct lab_call *c)    (layout: struct lab_call in lab.c)
 *
 * The block pointer and our stack pointer are kept in static memory, not
 * on the stack or in a register: the routine may have wrecked both.
 */
#define C_ENTRY		0
#define C_TO		8
#define C_FROM		16
#define C_COUNT		24
#define C_ABI		32	/* 0 classic (edx = len), 1 rep (rcx = len) */
#define C_RAX		40
#define C_RCX		48
#define C_RBX		56	/* out: rbx rbp r12 r13 r14 r15 */
#define C_RSP_AFTER	104
#define C_RSP_BEFORE	112
#define C_RFLAGS	120
#define C_SENTINEL	128	/* in: rbx rbp r12 r13 r14 r15 */
#define C_POISON	176	/* in: for rax, the other count register, r8-r10 */

	.text
	.globl lab_call
	.type lab_call, @function
	.p2align 4
lab_call:
	pushq %rbx
	pushq %rbp
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	subq $8,%rsp			/* the callee sees rsp = 8 mod 16 */
	movq %rdi,lab_call_block(%rip)
	movq %rsp,lab_call_rsp(%rip)

	movq %rdi,%rax
	movq C_SENTINEL+0(%rax),%rbx
	movq C_SENTINEL+8(%rax),%rbp
	movq C_SENTINEL+16(%rax),%r12
	movq C_SENTINEL+24(%rax),%r13
	movq C_SENTINEL+32(%rax),%r14
	movq C_SENTINEL+40(%rax),%r15
	movq C_POISON(%rax),%r8
	movq %r8,%r9
	movq %r8,%r10
	movq C_TO(%rax),%rdi
	movq C_FROM(%rax),%rsi
	cmpq $0,C_ABI(%rax)
	jne 1f
	movl C_COUNT(%rax),%edx		/* classic: 32-bit count */
	movq %r8,%rcx
	jmp 2f
1:	movq C_COUNT(%rax),%rcx		/* rep: the rep movs count */
	movq %r8,%rdx
2:	movq C_ENTRY(%rax),%r11
	movq %r8,%rax
	cld
	call *%r11

	movq %rsp,%r11			/* rsp as the routine left it */
	movq lab_call_rsp(%rip),%rsp
	movq lab_call_block(%rip),%r10
	movq %r11,C_RSP_AFTER(%r10)
	pushfq
	popq %r11
	movq %r11,C_RFLAGS(%r10)
	cld
	movq %rax,C_RAX(%r10)
	movq %rcx,C_RCX(%r10)
	movq %rbx,C_RBX+0(%r10)
	movq %rbp,C_RBX+8(%r10)
	movq %r12,C_RBX+16(%r10)
	movq %r13,C_RBX+24(%r10)
	movq %r14,C_RBX+32(%r10)
	movq %r15,C_RBX+40(%r10)
	movq lab_call_rsp(%rip),%r11
	movq %r11,C_RSP_BEFORE(%r10)

	addq $8,%rsp
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbp
	popq %rbx
	ret
	.size lab_call, . - lab_call

	.bss
	.p2align 3
lab_call_block:	.quad 0
lab_call_rsp:	.quad 0

	.section .note.GNU-stack,"",@progbits
