/* ucopy kernel shim: asm/cpufeature.h, the name v4.x assembly includes for
 * the feature bits (asm/cpufeatures.h since v4.6). */
#ifndef _ASM_X86_CPUFEATURE_H
#define _ASM_X86_CPUFEATURE_H

#include <asm/cpufeatures.h>

#endif
