/*
 * lab_call: calls a copy routine under test with its ABI, with a known
 * value in every general-purpose register, and records every register it
 * left behind, so that the lab can check the clobber rules of the row's
 * ABI and era (struct lab_target.keeps: the registers the callers rely on,
 * rsp and DF) without trusting the routine to return sanely.
 *
 * void lab_call(struct lab_call *c)    (layout: struct lab_call in lab.c)
 *
 * C_IN holds the 16 values loaded before the call, in x86 register-number
 * order (rax rcx rdx rbx rsp rbp rsi rdi r8 .. r15; the rsp slot unused):
 * the lab puts the arguments (rdi, rsi, and edx or rcx) and sentinels or
 * poison into them. C_OUT gets all 16 afterwards (rsp: as the routine
 * left it). The entry, the block pointer and our stack pointer are kept in
 * static memory, not on the stack or in a register: the routine may have
 * wrecked both, and no register is spent on the call's target.
 *
 * With C_TRACE set the call is single-stepped: the trap flag is set so
 * that the first trap comes at the routine's first instruction; the lab's
 * SIGTRAP handler follows each instruction and clears the flag when
 * control is back at lab_call_return.
 */
#define C_ENTRY		0
#define C_TRACE		8
#define C_IN		16	/* 16 registers */
#define C_OUT		144	/* 16 registers */
#define C_RSP_BEFORE	272
#define C_RFLAGS	280

#define IN(r)	(C_IN + 8 * (r))
#define OUT(r)	(C_OUT + 8 * (r))

/*
 * slots load|store, first, regs...: the registers numbered first, first+1,
 * ... (x86 order) loaded from their C_IN slots (block in rax) or stored to
 * their C_OUT slots (block in r10).
 */
	.macro slots dir, first, regs:vararg
	.set .Lslot, \first
	.irp reg, \regs
	.ifc \dir, load
	movq IN(.Lslot)(%rax),%\reg
	.else
	movq %\reg,OUT(.Lslot)(%r10)
	.endif
	.set .Lslot, .Lslot + 1
	.endr
	.endm

	.text
	.globl lab_call
	.type lab_call, @function
	.globl lab_call_return
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
	movq C_ENTRY(%rdi),%rax
	movq %rax,lab_call_entry(%rip)
	movq C_TRACE(%rdi),%rax
	movb %al,lab_call_trace(%rip)

	movq %rdi,%rax
	slots load, 1, rcx, rdx, rbx		/* rsp (4): ours until the call */
	slots load, 5, rbp, rsi, rdi, r8, r9, r10, r11, r12, r13, r14, r15
	movq IN(0)(%rax),%rax			/* the block pointer: last */
	cld
	cmpb $0,lab_call_trace(%rip)
	je 1f
	pushfq
	orq $0x100,(%rsp)		/* TF: the trap comes after the call */
	popfq
1:	call *lab_call_entry(%rip)
lab_call_return:
	movq %rsp,lab_call_rsp_after(%rip)	/* rsp as the routine left it */
	movq lab_call_rsp(%rip),%rsp
	pushfq
	movq %r10,lab_call_scratch(%rip)
	movq lab_call_block(%rip),%r10
	movq %rax,OUT(0)(%r10)
	popq %rax
	movq %rax,C_RFLAGS(%r10)
	andq $~0x100,%rax		/* no trap flag past this point */
	pushq %rax
	popfq
	cld
	slots store, 1, rcx, rdx, rbx
	movq lab_call_rsp_after(%rip),%rax
	movq %rax,OUT(4)(%r10)
	slots store, 5, rbp, rsi, rdi, r8, r9
	movq lab_call_scratch(%rip),%rax	/* r10 (10): the block pointer now */
	movq %rax,OUT(10)(%r10)
	slots store, 11, r11, r12, r13, r14, r15
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
lab_call_block:		.quad 0
lab_call_rsp:		.quad 0
lab_call_rsp_after:	.quad 0
lab_call_entry:		.quad 0
lab_call_scratch:	.quad 0
lab_call_trace:		.byte 0

	.section .note.GNU-stack,"",@progbits
