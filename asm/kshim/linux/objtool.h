/*
 * ucopy kernel shim: include/linux/objtool.h (v5.10+). The annotations
 * only steer objtool's checks of a kernel build; here they assemble to
 * nothing.
 */
#ifndef _LINUX_OBJTOOL_H
#define _LINUX_OBJTOOL_H

#include <kshim-common.h>

#ifdef __ASSEMBLY__
#define ANNOTATE_NOENDBR
#define ANNOTATE_RETPOLINE_SAFE
#define ANNOTATE_UNRET_SAFE
#define ANNOTATE_UNRET_BEGIN
#define ANNOTATE_INTRA_FUNCTION_CALL
#define ANNOTATE_NOCFI_SYM(sym)
#define ANNOTATE_IGNORE_ALTERNATIVE
#define ANNOTATE_REACHABLE
#define ANNOTATE_NOTRACK
#define ANNOTATE_DATA_SPECIAL
#define ANNOTATE_NOINSTR_BEGIN
#define ANNOTATE_NOINSTR_END
#define STACK_FRAME_NON_STANDARD(func)
#define STACK_FRAME_NON_STANDARD_FP(func)
#define UNWIND_HINT_EMPTY
#define UNWIND_HINT_END_OF_STACK
#define UNWIND_HINT_UNDEFINED
#define UNWIND_HINT_FUNC
#define UNWIND_HINT_SAVE
#define UNWIND_HINT_RESTORE
#define UNWIND_HINT_ENTRY
#define UNWIND_HINT_RET_OFFSET

.macro UNWIND_HINT type:req sp_reg=0 sp_offset=0 signal=0 end=0
.endm
.macro UNWIND_HINT_REGS base=0 offset=0 extra=1 partial=0 signal=1
.endm
.macro UNWIND_HINT_IRET_REGS base=0 offset=0 signal=1
.endm
#endif

#endif
