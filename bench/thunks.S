/*
 * Lean timing thunks for the benchmark: calls of a routine between two
 * time-stamp-counter reads, with nothing else in the window but the argument
 * moves, the loop and one move of the result. No register checking (the
 * fault lab does that).
 *
 *   uint64_t bench_call_<abi>_<end>(void (*fn)(void), void *to,
 *                                   const void *from, uint64_t len,
 *                                   uint64_t *result, uint64_t count);
 *
 * makes count >= 1 calls and returns the elapsed TSC ticks; *result gets the
 * last call's result (bytes not copied).
 *
 * count = 1 is the classic window "lfence; rdtsc; call; rdtscp; lfence".
 * count > 1 is for CPUs whose TSC advances in coarse steps (21 ticks on the
 * AMD EPYC this was written on): each further call is preceded by an lfence,
 * so it starts only once the previous call has executed; the batch is count
 * back-to-back single calls, not an overlapped stream.
 *
 * <abi>: classic (edx = len, result in eax; this is also the SysV
 * memcpy(to, from, len) convention, so glibc's memcpy and the empty routine
 * go through the same thunk) or rep (rcx = len, result in rcx); for the
 * clear family (docs/clear.md) classic_clear (rsi = len, result in rax:
 * __clear_user(addr, size)) or stos (rcx = len, rax = 0, result in rcx).
 * <end>: rdtscp ("rdtscp; lfence"), or lfence ("lfence; rdtsc; lfence") for
 * CPUs without RDTSCP.
 *
 * The routines may clobber rax rcx rdx rsi rdi r8-r11 and preserve the rest,
 * so the start stamp (rbx), the count (rbp) and the arguments (r12-r15)
 * survive each call.
 */
	.text

.macro	TSC_START
	lfence
	rdtsc
	shl	$32, %rdx
	or	%rdx, %rax
	mov	%rax, %rbx
.endm

.macro	TSC_END_RDTSCP
	rdtscp
	lfence
.endm

.macro	TSC_END_LFENCE
	lfence
	rdtsc
	lfence
.endm

.macro	THUNK name, lenreg, resreg, tsc_end, pre=nop
	.globl	\name
	.type	\name, @function
\name:
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	push	%r8			/* result pointer; rsp now 16-aligned */
	mov	%rdi, %r12		/* routine */
	mov	%rsi, %r13		/* to */
	mov	%rdx, %r14		/* from */
	mov	%rcx, %r15		/* len */
	mov	%r9, %rbp		/* calls left */
	TSC_START
	jmp	2f
1:	lfence				/* the previous call has executed */
2:	mov	%r13, %rdi
	mov	%r14, %rsi
	mov	%r15, \lenreg
	\pre
	call	*%r12
	dec	%rbp
	jnz	1b
	mov	\resreg, %rbp		/* keep the result: the end stamp clobbers it */
	\tsc_end
	shl	$32, %rdx
	or	%rdx, %rax
	sub	%rbx, %rax
	pop	%r8
	mov	%rbp, (%r8)
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
	.size	\name, . - \name
.endm

	THUNK	bench_call_classic_rdtscp, %rdx, %rax, TSC_END_RDTSCP
	THUNK	bench_call_rep_rdtscp,     %rcx, %rcx, TSC_END_RDTSCP
	THUNK	bench_call_classic_lfence, %rdx, %rax, TSC_END_LFENCE
	THUNK	bench_call_rep_lfence,     %rcx, %rcx, TSC_END_LFENCE
	THUNK	bench_call_classic_clear_rdtscp, %rsi, %rax, TSC_END_RDTSCP
	THUNK	bench_call_classic_clear_lfence, %rsi, %rax, TSC_END_LFENCE
	THUNK	bench_call_stos_rdtscp,    %rcx, %rcx, TSC_END_RDTSCP, "xor %eax, %eax"
	THUNK	bench_call_stos_lfence,    %rcx, %rcx, TSC_END_LFENCE, "xor %eax, %eax"

/* The floor: an empty routine, called through the classic thunk. */
	.globl	bench_empty
	.type	bench_empty, @function
bench_empty:
	xor	%eax, %eax
	ret
	.size	bench_empty, . - bench_empty

	.section .note.GNU-stack, "", @progbits
