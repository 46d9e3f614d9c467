/* movs_alt short path, rep movsq path and byte tail */
/*
 * rep_movs_alternative (v6.4+, arch/x86/lib/copy_user_64.S) below 64 bytes,
 * its rep movsq path (v6.6+), and its byte tail, which the large paths'
 * fix-ups enter as well. Shared by the movs_alt rows; contracts in stages.h.
 */
#include "stages.h"

size_t movs_tail(uint8_t *dst, const uint8_t *src, size_t off, size_t rcx)
{
	/*@ loop invariant \at(off, Pre) <= off <= \at(off, Pre) + \at(rcx, Pre);
	    loop invariant off + rcx == \at(off, Pre) + \at(rcx, Pre);
	    loop invariant off == \at(off, Pre) || off <= fault_at(hw_fs, hw_fd);
	    loop invariant copied{Here}(dst, (uint8_t *)src, \at(off, Pre), off);
	    loop invariant unchanged{Pre, Here}(dst, off, off + rcx);
	    loop assigns off, rcx, dst[\at(off, Pre) .. \at(off, Pre) + \at(rcx, Pre) - 1];
	    loop variant rcx;
	*/
	while (rcx) {
		/* labels 0/1: either faults, and the exception table exits */
		if (!hw_move(dst, src, off, 1))
			break;
		off++;		/* inc %rdi; inc %rsi */
		rcx--;		/* dec %rcx; jne */
	}
	return rcx;
}

/* The quadword loop (.Lword); contract in stages.h. */
size_t movs_words(uint8_t *dst, const uint8_t *src, size_t off, size_t rcx)
{
	/*@ loop invariant count: off + rcx == \at(off, Pre) + \at(rcx, Pre);
	    loop invariant progress: progress{Pre, Here}(dst, (uint8_t *)src, \at(off, Pre), off,
	                               \at(off, Pre) + \at(rcx, Pre), hw_fs, hw_fd);
	    loop assigns off, rcx, dst[\at(off, Pre) .. \at(off, Pre) + \at(rcx, Pre) - 1];
	    loop variant rcx;
	*/
	while (rcx >= 8) {		/* cmp $8,%ecx; jae .Lword */
		if (!hw_move(dst, src, off, 8))	/* labels 2/3 */
			return movs_tail(dst, src, off, rcx);
		off += 8;
		rcx -= 8;		/* sub $8,%ecx */
	}
	if (!rcx)			/* je .Lexit */
		return 0;
	return movs_tail(dst, src, off, rcx);	/* 1..7 left */
}

size_t movs_short(uint8_t *dst, const uint8_t *src, size_t len)
{
	if (len >= 8)			/* cmp $8,%ecx; jae .Lword */
		return movs_words(dst, src, 0, len);
	if (!len)			/* testl %ecx,%ecx; je .Lexit */
		return 0;
	return movs_tail(dst, src, 0, len);
}

/*
 * .Llarge_movsq from the count's split on. The model cannot see the
 * exception; a nonzero count is what a fault leaves (a rep movsq that runs
 * to completion leaves 0), and with a count of 0 the fix-up computes what
 * the fall-through does (rcx & 7 bytes after the quadwords), so testing
 * the count is the same as asking whether it faulted.
 */
size_t movs_movsq(uint8_t *dst, const uint8_t *src, size_t off, size_t rcx)
{
	size_t eax = rcx % 8;		/* andl $7,%eax */
	size_t left = hw_rep_movsq(dst, src, off, rcx / 8);	/* shrq $3,%rcx; label 0 */

	off += 8 * (rcx / 8 - left);	/* where rsi/rdi stand */
	if (left)
		rcx = eax + left * 8;	/* fix-up: leaq (%rax,%rcx,8),%rcx */
	else
		rcx = eax;		/* movl %eax,%ecx */
	if (!rcx)			/* testl %ecx,%ecx */
		return 0;
	return movs_tail(dst, src, off, rcx);
}
