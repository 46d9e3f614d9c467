/*
 * ucopy kernel shim: the generated asm/asm-offsets.h, for the few offsets
 * v4.x copy_user_64.S read: the address limit in the thread_info (v4.1-
 * v4.7, TI_addr_limit) or task_struct (v4.8-v4.12, TASK_addr_limit). Both
 * sit at offset 0 of the shim's task (asm/current.h).
 */
#ifndef _KSHIM_ASM_OFFSETS_H
#define _KSHIM_ASM_OFFSETS_H

#define TI_addr_limit		0
#define TASK_addr_limit		0
#define TI_flags		8
#define TASK_TI_flags		8

#endif
