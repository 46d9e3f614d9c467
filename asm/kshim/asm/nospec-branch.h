/*
 * ucopy kernel shim: asm/nospec-branch.h. No retpolines, return thunks or
 * buffer stuffing in user space: indirect branches are plain ones and the
 * mitigation macros assemble to nothing.
 */
#ifndef _ASM_X86_NOSPEC_BRANCH_H
#define _ASM_X86_NOSPEC_BRANCH_H

#include <kshim-common.h>
#include <asm/alternative.h>
#include <linux/objtool.h>

#ifdef __ASSEMBLY__
.macro JMP_NOSPEC reg:req
	jmp *%\reg
.endm
.macro CALL_NOSPEC reg:req
	call *%\reg
.endm
.macro FILL_RETURN_BUFFER reg:req nr:req ftr:req ftr2=0
.endm
.macro ISSUE_UNBALANCED_RET_GUARD
.endm
.macro UNTRAIN_RET
.endm
.macro UNTRAIN_RET_VM
.endm
.macro UNTRAIN_RET_FROM_CALL
.endm
.macro CALL_DEPTH_ACCOUNT
.endm
.macro CLEAR_CPU_BUFFERS
.endm
.macro CLEAR_BRANCH_HISTORY
.endm
#define RESET_CALL_DEPTH
#define INCREMENT_CALL_DEPTH
#endif

#endif
