/*
 * Mutant of asm/fsrm.S: returns with the direction flag set, which the
 * ABI forbids (the next string instruction in the caller would run
 * backwards). The sweep must report "DF".
 */
#include <linux/linkage.h>
#include <asm/asm.h>

SYM_FUNC_START(ucopy_mut_fsrm_df)
1:	rep movsb
2:	std				/* MUTANT */
	RET

	_ASM_EXTABLE_UA(1b, 2b)
SYM_FUNC_END(ucopy_mut_fsrm_df)
