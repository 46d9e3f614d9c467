/*
 * ucopy kernel shim: arch/x86/include/asm/linkage.h. RET (v5.17+) is a
 * plain return here: no straddle-line-speculation padding, no return
 * thunk, no call-depth accounting.
 */
#ifndef _ASM_X86_LINKAGE_H
#define _ASM_X86_LINKAGE_H

#include <kshim-common.h>

#ifdef __ASSEMBLY__
#define __ALIGN		.p2align 4, 0x90
#define __ALIGN_STR	".p2align 4, 0x90"
#define ALIGN		__ALIGN
#define RET		ret
#define ASM_RET		ret
#define ASM_FUNC_ALIGN	__ALIGN
#define FUNCTION_ALIGNMENT 16
#endif

#endif
