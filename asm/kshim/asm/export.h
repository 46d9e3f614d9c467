/* ucopy kernel shim: asm/export.h (v4.9-v6.4). Nothing to export outside a
 * kernel. */
#ifndef __ASM_EXPORT_H
#define __ASM_EXPORT_H

#define EXPORT_SYMBOL(name)
#define EXPORT_SYMBOL_GPL(name)
#define EXPORT_SYMBOL_NS(name, ns)
#define EXPORT_SYMBOL_NS_GPL(name, ns)
#define EXPORT_SYMBOL_FOR_MODULES(name, mods)

#endif
