/*
 * ucopy kernel shim: the assembler side of asm/alternative.h (v5.13+; the
 * same macros lived in asm/alternative-asm.h before). The kernel assembles
 * the original instructions and patches in a replacement at boot when the
 * CPU has the feature; here the build picks the branch once, from the
 * KSHIM_HAS_* settings (asm/cpufeatures.h), and assembles only that one,
 * at the place the macro stands, so labels around it and exception-table
 * entries pointing at it stay right.
 *
 *   ALTERNATIVE old, new, feature            new if feature, else old
 *   ALTERNATIVE_2 old, new1, f1, new2, f2    new2 if f2, else new1 if f1,
 *                                            else old (the later wins, as
 *                                            in the kernel's patch order)
 *   ALTERNATIVE_3 old, new1, f1, new2, f2, new3, f3
 *   ALT_NOT(feature)                         (v6.x) present when absent
 */
#ifndef _ASM_X86_ALTERNATIVE_H
#define _ASM_X86_ALTERNATIVE_H

#include <kshim-common.h>
#include <asm/cpufeatures.h>

#define ALT_FLAGS_SHIFT		16
#define ALT_FLAG_NOT		(1 << 0)
#define ALT_NOT(feature)	((ALT_FLAG_NOT << ALT_FLAGS_SHIFT) | (feature))
#define ALT_FLAG_DIRECT_CALL	(1 << 1)
#define ALT_DIRECT_CALL(feature) ((ALT_FLAG_DIRECT_CALL << ALT_FLAGS_SHIFT) | (feature))
#define ALT_CALL_ALWAYS		ALT_DIRECT_CALL(X86_FEATURE_ALWAYS)

#ifdef __ASSEMBLY__

/* Sets .Lkshim_alt_on to 1 when feature word ft is satisfied. */
.macro kshim_alt_test ft:req
	.if KSHIM_FEATURE_ON(\ft)
	.set .Lkshim_alt_on, 1
	.else
	.set .Lkshim_alt_on, 0
	.endif
	.if ((\ft) >> ALT_FLAGS_SHIFT) & ALT_FLAG_NOT
	.set .Lkshim_alt_on, 1 - .Lkshim_alt_on
	.endif
.endm

.macro ALTERNATIVE oldinstr, newinstr, feature
	kshim_alt_test \feature
	.if .Lkshim_alt_on
	\newinstr
	.else
	\oldinstr
	.endif
.endm

.macro ALTERNATIVE_2 oldinstr, newinstr1, feature1, newinstr2, feature2
	kshim_alt_test \feature2
	.if .Lkshim_alt_on
	\newinstr2
	.else
	kshim_alt_test \feature1
	.if .Lkshim_alt_on
	\newinstr1
	.else
	\oldinstr
	.endif
	.endif
.endm

.macro ALTERNATIVE_3 oldinstr, newinstr1, feature1, newinstr2, feature2, newinstr3, feature3
	kshim_alt_test \feature3
	.if .Lkshim_alt_on
	\newinstr3
	.else
	ALTERNATIVE_2 "\oldinstr", "\newinstr1", \feature1, "\newinstr2", \feature2
	.endif
.endm

/* v3.x-v4.x hand-made alternatives emit their own records: drop them. */
.macro altinstruction_entry orig alt feature orig_len alt_len pad_len=0
.endm

#endif /* __ASSEMBLY__ */
#endif
