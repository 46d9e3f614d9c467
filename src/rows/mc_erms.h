/*
 * mc_erms: copy_mc_enhanced_fast_string (arch/x86/lib/copy_mc_64.S,
 * v5.10+), the copy behind copy_mc_to_user / copy_mc_to_kernel on CPUs
 * with ERMS whose machine checks are recoverable in fast strings: one rep
 * movsb, and on a fault (a machine check on the source, a page fault on
 * the destination) rcx is the result, with no retry. EXACT on exact
 * hardware, WEAK when the report lags, as fsrm (body: src/rows/mc_erms.c).
 */
#ifndef UCOPY_MC_ERMS_H
#define UCOPY_MC_ERMS_H

#include "hw.h"

/*@ UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_WEAK_EXACT_HW
*/
size_t model_mc_erms(uint8_t *dst, const uint8_t *src, size_t len, size_t saddr);

#endif
