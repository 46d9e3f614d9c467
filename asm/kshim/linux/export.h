/*
 * ucopy kernel shim: include/linux/export.h, which v6.5+ assembly includes
 * for EXPORT_SYMBOL. Nothing to export outside a kernel.
 */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#include <asm/export.h>

#endif
