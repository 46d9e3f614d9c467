/* ucopy kernel shim: asm/dwarf2.h (up to v4.0): the CFI_* annotations of
 * old copy_user_64.S versions, assembled to nothing. */
#ifndef _ASM_X86_DWARF2_H
#define _ASM_X86_DWARF2_H

#include <kshim-common.h>

#ifdef __ASSEMBLY__
#define CFI_STARTPROC
#define CFI_ENDPROC
#define CFI_DEF_CFA		#
#define CFI_DEF_CFA_REGISTER	#
#define CFI_DEF_CFA_OFFSET	#
#define CFI_ADJUST_CFA_OFFSET	#
#define CFI_OFFSET		#
#define CFI_REL_OFFSET		#
#define CFI_REGISTER		#
#define CFI_RESTORE		#
#define CFI_REMEMBER_STATE	#
#define CFI_RESTORE_STATE	#
#define CFI_UNDEFINED		#
#define CFI_ESCAPE		#
#define CFI_SIGNAL_FRAME	#
#endif

#endif
