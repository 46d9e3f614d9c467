/*
 * movs_alt_movsq: rep_movs_alternative on a CPU without ERMS, with the
 * large path of commit ca96b162bfd2 (v6.6, arch/x86/lib/copy_user_64.S).
 *
 *   len >= 64        rep movsq of len / 8, then the byte tail for len & 7;
 *                    a fault in rep movsq leaves rcx quadwords, and the
 *                    fix-up hands rcx * 8 + len & 7 to the byte tail at the
 *                    position rsi/rdi report
 *   8 <= len < 64    quadword loop; a fault hands the rest to the byte tail
 *   rest             byte tail; a fault returns the bytes left
 *
 * EXACT for every reporting lag: rep movsq never stores past the first
 * faulting quadword, and the byte tail redoes from the reported position
 * whatever the report left out (the same bytes again), so the result is
 * settled by the byte tail's own exact fault.
 */
#include "movs_alt_movsq.h"
#include "stages.h"

/*
 * .Llarge_movsq. The model cannot see the exception; a nonzero count is
 * what a fault leaves (a rep movsq that runs to completion leaves 0), and
 * with a count of 0 the fix-up computes what the fall-through does
 * (len & 7 bytes from 8 * (len / 8)), so testing the count is the same as
 * asking whether it faulted.
 */
/*@ requires long: 64 <= len <= UCOPY_REP_LEN_MAX;
    requires area: len == hw_area;
    requires buffers: span(dst, (uint8_t *)src, 0, len, hw_area);
    assigns dst[0 .. len - 1];
    ensures exact: EXACT{Pre, Post}(dst, (uint8_t *)src, len, hw_fs, hw_fd, \result);
*/
static size_t movs_large_movsq(uint8_t *dst, const uint8_t *src, size_t len)
{
	size_t rcx = len / 8;		/* shrq $3,%rcx */
	size_t eax = len % 8;		/* andl $7,%eax */
	size_t off;

	rcx = hw_rep_movsq(dst, src, 0, rcx);	/* label 0 */
	off = 8 * (len / 8 - rcx);	/* where rsi/rdi stand */
	if (rcx)
		rcx = eax + rcx * 8;	/* fix-up: leaq (%rax,%rcx,8),%rcx */
	else
		rcx = eax;		/* movl %eax,%ecx */
	if (!rcx)			/* testl %ecx,%ecx */
		return 0;
	return movs_tail(dst, src, off, rcx);
}

size_t model_movs_alt_movsq(uint8_t *dst, const uint8_t *src, size_t len,
			    size_t daddr)
{
	(void)daddr;	/* nothing here depends on alignment */
	if (len >= 64)			/* cmpq $64,%rcx; jae .Llarge */
		return movs_large_movsq(dst, src, len);
	return movs_short(dst, src, len);
}
