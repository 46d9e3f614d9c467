/*
 * ucopy kernel shim: what every shim header needs first. The kernel's own
 * headers test __ASSEMBLY__ (up to v6.15) or __ASSEMBLER__ (v6.16+); gcc
 * defines only the second for a .S file, so make both visible.
 */
#ifndef _KSHIM_COMMON_H
#define _KSHIM_COMMON_H

#if defined(__ASSEMBLER__) && !defined(__ASSEMBLY__)
#define __ASSEMBLY__ 1
#endif
#if defined(__ASSEMBLY__) && !defined(__ASSEMBLER__)
#define __ASSEMBLER__ 1
#endif

/* The configuration of an x86-64 kernel with machine-check support:
 * copy_mc_64.S builds copy_mc_fragile only under it. */
#ifndef CONFIG_X86_MCE
#define CONFIG_X86_MCE 1
#endif

#endif
