/*
 * clear_erms: clear_user_erms of 0db7058e8e23 (v6.1-v6.3), on ERMS CPUs
 * without FSRM. Below 64 bytes it is clear_user_original; otherwise one
 * rep stosb whose fault returns its rcx as it stands.
 */
#include "clear_erms.h"
#include "clear_original.h"

size_t model_clear_erms(uint8_t *dst, size_t len, size_t daddr)
{
	if (len < 64)
		return model_clear_original(dst, len, daddr);
	return hw_rep_stosb(dst, 0, len);
}
