/*
 * ucopy kernel shim: arch/x86/include/asm/smap.h. User space has no SMAP,
 * so opening and closing the user-access window are no-ops.
 */
#ifndef _ASM_X86_SMAP_H
#define _ASM_X86_SMAP_H

#include <kshim-common.h>

#ifdef __ASSEMBLY__
#define ASM_CLAC
#define ASM_STAC
#define ASM_CLAC_UNSAFE
#define ASM_STAC_UNSAFE
#endif

#endif
