/*
 * clear_original: clear_user_original of 0db7058e8e23 (v6.1-v6.3,
 * arch/x86/lib/clear_page_64.S), the fallback without REP_GOOD. rep ABI:
 * rdi, rcx in; rcx out. eax keeps len's low bits; rcx = len / 8 quadword
 * stores (.Lqwords), then len % 8 byte stores (.Lbytes). A faulting
 * quadword returns rcx * 8 + len % 8, the faulting quadword included (no
 * byte retry); a faulting byte returns the bytes left.
 */
#include "clear_original.h"

size_t model_clear_original(uint8_t *dst, size_t len, size_t daddr)
{
	size_t eax = len % 8;	/* mov %ecx,%eax; and $7: the low bits suffice */
	size_t rcx = len / 8;	/* shr $3 */

	(void)daddr;
	if (rcx) {
		rcx = clear_qwords(dst, 0, rcx);
		if (rcx)
			return rcx * 8 + eax;	/* .Lqwords_exception */
	}
	if (!eax)
		return 0;
	return clear_bytes(dst, len - eax, eax);	/* .Lbytes_exception: ecx = eax */
}
