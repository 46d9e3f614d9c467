/*
 * movs_alt_word: rep_movs_alternative on a CPU without ERMS, with the
 * large path of commit b5322b6ec06a (v6.15, arch/x86/lib/copy_user_64.S):
 * the rep movsq path of ca96b162bfd2 (movs_alt_movsq) preceded by one
 * quadword that aligns the destination.
 *
 *   len >= 64        one 8-byte move at offset 0 (the destination may be
 *                    unaligned); a fault hands all len bytes to the byte
 *                    tail. Then rsi/rdi/rcx advance by 8 - daddr % 8
 *                    (1..8: the bytes up to the next 8-aligned
 *                    destination, a whole quadword when it already was),
 *                    so the first 8 - that many bytes are stored twice;
 *                    then rep movsq of the rest / 8 and the byte tail for
 *                    the rest & 7, as in movs_alt_movsq
 *   8 <= len < 64    quadword loop; a fault hands the rest to the byte tail
 *   rest             byte tail; a fault returns the bytes left
 *
 * EXACT for every reporting lag, for movs_alt_movsq's reason: rep movsq
 * stores nothing past the first faulting quadword, and the byte tail
 * redoes from the reported position what the report left out.
 */
#include "movs_alt_word.h"
#include "stages.h"

/* .Llarge_movsq: the first word, then movs_alt_movsq's path past it. */
/*@ requires long: 64 <= len;
    UCOPY_COPY_CONTRACT(UCOPY_REP_LEN_MAX)
    UCOPY_EXACT
*/
static size_t movs_large_word(uint8_t *dst, const uint8_t *src, size_t len,
			      size_t daddr)
{
	size_t rax;

	if (!hw_move(dst, src, 0, 8))	/* labels 0/1 */
		return movs_tail(dst, src, 0, len);
	rax = 8 - daddr % 8;		/* leaq 8(%rdi),%rax; andq $-8,%rax; subq %rdi,%rax */
	return movs_movsq(dst, src, rax, len - rax);	/* subq %rax,%rcx (rsi/rdi += rax) */
}

size_t model_movs_alt_word(uint8_t *dst, const uint8_t *src, size_t len,
			   size_t daddr)
{
	if (len >= 64)			/* cmpq $64,%rcx; jae .Llarge */
		return movs_large_word(dst, src, len, daddr);
	return movs_short(dst, src, len);
}
