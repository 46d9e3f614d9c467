/*
 * ucopy kernel shim: the symbol-definition macros of the kernel's
 * include/linux/linkage.h across v4.x-v6.x (ENTRY/ENDPROC and friends, and
 * the v5.5+ SYM_* family), reduced to what a user-space,
 * position-independent object needs: no ENDBR, no CFI type hashes, no
 * padding for call-depth tracking.
 */
#ifndef _LINUX_LINKAGE_H
#define _LINUX_LINKAGE_H

#include <kshim-common.h>
#include <asm/linkage.h>

#ifdef __ASSEMBLY__

#ifndef ALIGN
#define ALIGN			.p2align 4, 0x90
#endif

/* v4.x names */
#define ENTRY(name)		.globl name; ALIGN; name:
#define GLOBAL(name)		.globl name; name:
#define WEAK(name)		.weak name; name:
#define END(name)		.size name, . - name
#define ENDPROC(name)		.type name, @function; END(name)

/* v5.5+: linkage and the generic forms */
#define SYM_L_GLOBAL(name)	.globl name
#define SYM_L_WEAK(name)	.weak name
#define SYM_L_LOCAL(name)
#define SYM_A_ALIGN		ALIGN
#define SYM_A_NONE
#define SYM_T_FUNC		@function
#define SYM_T_OBJECT		@object
#define SYM_T_NONE		@notype
#define SYM_ENTRY(name, linkage, align...)	linkage(name) ; align ; name:
#define SYM_START(name, linkage, align...)	SYM_ENTRY(name, linkage, align)
#define SYM_END(name, sym_type)	.type name, sym_type ; .size name, . - name

#define SYM_FUNC_START(name)		.globl name; ALIGN; name:
#define SYM_FUNC_START_NOALIGN(name)	.globl name; name:
#define SYM_FUNC_START_LOCAL(name)	ALIGN; name:
#define SYM_FUNC_START_LOCAL_NOALIGN(name) name:
#define SYM_FUNC_START_WEAK(name)	.weak name; ALIGN; name:
#define SYM_FUNC_START_WEAK_NOALIGN(name) .weak name; name:
#define SYM_FUNC_START_ALIAS(name)	.globl name; ALIGN; name:
#define SYM_FUNC_START_LOCAL_ALIAS(name) ALIGN; name:
#define SYM_FUNC_END_ALIAS(name)	.type name, @function; .size name, . - name
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
#define SYM_FUNC_END(name)		.type name, @function; .size name, . - name
#define SYM_FUNC_ALIAS(alias, name)	.globl alias; .set alias, name
#define SYM_FUNC_ALIAS_LOCAL(alias, name) .set alias, name
#define SYM_FUNC_ALIAS_WEAK(alias, name) .weak alias; .set alias, name
/* v6.2+: the same, placed in a named section in the kernel; here .text */
#define SYM_FUNC_START_SECT(name, sect)		SYM_FUNC_START(name)
#define SYM_FUNC_START_NOALIGN_SECT(name, sect)	SYM_FUNC_START_NOALIGN(name)
#define SYM_FUNC_START_LOCAL_SECT(name, sect)	SYM_FUNC_START_LOCAL(name)
#define SYM_CODE_START_SECT(name, sect)		SYM_CODE_START(name)
#define SYM_CODE_START_LOCAL_SECT(name, sect)	SYM_CODE_START_LOCAL(name)
#define SYM_CODE_START_NOALIGN_SECT(name, sect)	SYM_CODE_START_NOALIGN(name)

#define SYM_CODE_START(name)		.globl name; ALIGN; name:
#define SYM_CODE_START_NOALIGN(name)	.globl name; name:
#define SYM_CODE_START_LOCAL(name)	ALIGN; name:
#define SYM_CODE_START_LOCAL_NOALIGN(name) name:
#define SYM_CODE_END(name)		.type name, @notype; .size name, . - name

#define SYM_INNER_LABEL(name, linkage)		.type name, @notype; linkage(name); name:
#define SYM_INNER_LABEL_ALIGN(name, linkage)	.type name, @notype; linkage(name); ALIGN; name:

#define SYM_DATA_START(name)		.globl name; name:
#define SYM_DATA_START_LOCAL(name)	name:
#define SYM_DATA_END(name)		.type name, @object; .size name, . - name
#define SYM_DATA_END_LABEL(name, linkage, label) linkage(label); label:; SYM_DATA_END(name)
#define SYM_DATA(name, data...)		.globl name; name: data; SYM_DATA_END(name)
#define SYM_DATA_LOCAL(name, data...)	name: data; SYM_DATA_END(name)
#define SYM_PIC_ALIAS(sym)

#endif /* __ASSEMBLY__ */
#endif
