/* ucopy kernel shim: asm/percpu.h. One "CPU" in user space: a per-CPU
 * variable is an ordinary RIP-relative one. */
#ifndef _ASM_X86_PERCPU_H
#define _ASM_X86_PERCPU_H

#include <kshim-common.h>

#ifdef __ASSEMBLY__
#define PER_CPU_VAR(var)	var(%rip)
#define __percpu_seg
#endif

#endif
