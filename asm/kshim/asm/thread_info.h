/* ucopy kernel shim: asm/thread_info.h. GET_THREAD_INFO (v4.1-v4.7) loads
 * the shim task of asm/current.h, whose addr_limit is at TI_addr_limit. */
#ifndef _ASM_X86_THREAD_INFO_H
#define _ASM_X86_THREAD_INFO_H

#include <kshim-common.h>
#include <asm/current.h>

#ifdef __ASSEMBLY__
#define GET_THREAD_INFO(reg)	movq current_task(%rip), reg
#define THREAD_SIZE		16384
#endif

#endif
