/* ucopy kernel shim: include/linux/cfi_types.h (v6.1+). No kCFI type
 * hashes in user space: SYM_TYPED_FUNC_START is SYM_FUNC_START
 * (linux/linkage.h). */
#ifndef _LINUX_CFI_TYPES_H
#define _LINUX_CFI_TYPES_H

#include <linux/linkage.h>

#define __CFI_TYPE(name)

#endif
