/*
 * ucopy kernel shim: asm/current.h. v4.x copy_to_user/copy_from_user
 * entry points in copy_user_64.S check the user pointer against
 * current->addr_limit. Here `current_task` points at a shim task whose
 * addr_limit (offset 0, asm/asm-offsets.h) is the top of the x86-64 user
 * half, so every buffer the fault lab hands over is a user address. Both
 * are weak, so any number of files may include this header.
 */
#ifndef _ASM_X86_CURRENT_H
#define _ASM_X86_CURRENT_H

#include <kshim-common.h>
#include <asm/percpu.h>

#ifdef __ASSEMBLY__
	.pushsection .data.rel.local, "aw"
	.balign 8
	.weak current_task
	.type current_task, @object
current_task:
	.quad kshim_task
	.size current_task, 8
	.weak kshim_task
	.type kshim_task, @object
kshim_task:
	.quad 0x00007ffffffff000	/* addr_limit: TASK_SIZE_MAX */
	.quad 0				/* flags */
	.size kshim_task, 16
	.popsection
#endif

#endif
