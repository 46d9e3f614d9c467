/* ucopy kernel shim: asm/alternative-asm.h, where v4.x-v5.12 kept the
 * assembler ALTERNATIVE macros (asm/alternative.h has them). */
#ifndef _ASM_X86_ALTERNATIVE_ASM_H
#define _ASM_X86_ALTERNATIVE_ASM_H

#include <asm/alternative.h>

#endif
