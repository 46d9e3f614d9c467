/*
 * mc_fragile: copy_mc_fragile (arch/x86/lib/copy_mc_64.S, v5.10+), the
 * copy behind copy_mc_to_user / copy_mc_to_kernel on CPUs whose machine
 * checks are not recoverable inside fast strings. The source is kernel
 * memory that may hold poison: a load from a poisoned line raises a
 * machine check, which its MCE-safe exception-table entries treat as the
 * lab's guard treats a page fault. EXACT under both readings (no rep),
 * given the hardware fact that poison comes in whole cache lines, so the
 * first poisoned byte sits at a source address that is a multiple of 8
 * (body: src/rows/mc_fragile.c).
 */
#ifndef UCOPY_MC_FRAGILE_H
#define UCOPY_MC_FRAGILE_H

#include "hw.h"

/*@ requires poison_aligned: hw_fs >= len || (saddr + hw_fs) % 8 == 0;
    UCOPY_COPY_CONTRACT(UCOPY_LEN_MAX)
    UCOPY_EXACT
*/
size_t model_mc_fragile(uint8_t *dst, const uint8_t *src, size_t len, size_t saddr);

#endif
