/* mc_erms: copy_mc_enhanced_fast_string (contract in mc_erms.h). */
#include "mc_erms.h"

size_t model_mc_erms(uint8_t *dst, const uint8_t *src, size_t len, size_t saddr)
{
	(void)saddr;	/* rep movsb: alignment is the CPU's business */
	return hw_rep_movsb(dst, src, 0, len);
}
