/*
 * ucopy kernel shim: arch/x86/include/asm/cpufeatures.h, the feature bits
 * the copy routines' alternatives test (word*32 + bit, the kernel's
 * numbering), and the switch that decides them here.
 *
 * There is no boot-time patching in user space: an ALTERNATIVE assembles
 * to the one branch the build chooses (asm/alternative.h). Which features
 * count as present is a build setting, one define each:
 *   -DKSHIM_HAS_ERMS=1 -DKSHIM_HAS_FSRM=1 -DKSHIM_HAS_REP_GOOD=1 ...
 * (`make review FEATURES=erms,fsrm,rep_good` writes them). A feature not
 * set is absent; X86_FEATURE_ALWAYS is always present.
 */
#ifndef _ASM_X86_CPUFEATURES_H
#define _ASM_X86_CPUFEATURES_H

#include <kshim-common.h>

#define X86_FEATURE_XMM		( 0*32+25)
#define X86_FEATURE_XMM2	( 0*32+26)
#define X86_FEATURE_REP_GOOD	( 3*32+16)	/* synthetic: rep movs is fast */
#define X86_FEATURE_ALWAYS	( 3*32+21)	/* synthetic: always set */
#define X86_FEATURE_NOPL	( 3*32+20)
#define X86_FEATURE_LFENCE_RDTSC ( 3*32+18)
#define X86_FEATURE_RETPOLINE	( 7*32+12)
#define X86_FEATURE_RETPOLINE_LFENCE ( 7*32+13)
#define X86_FEATURE_ERMS	( 9*32+ 9)	/* enhanced rep movsb/stosb */
#define X86_FEATURE_SMAP	( 9*32+20)
#define X86_FEATURE_CLFLUSHOPT	( 9*32+23)
#define X86_FEATURE_CLWB	( 9*32+24)
#define X86_FEATURE_RETHUNK	(11*32+14)
#define X86_FEATURE_UNRET	(11*32+15)
#define X86_FEATURE_CALL_DEPTH	(11*32+19)
#define X86_FEATURE_FZRM	(12*32+10)	/* fast zero-length rep movsb */
#define X86_FEATURE_FSRS	(12*32+11)	/* fast short rep stosb */
#define X86_FEATURE_FSRC	(12*32+12)	/* fast short rep cmpsb/scasb */
#define X86_FEATURE_FSRM	(18*32+ 4)	/* fast short rep movsb */

#define KSHIM_FEATURE_MASK	0xffff

#ifndef KSHIM_HAS_ERMS
#define KSHIM_HAS_ERMS		0
#endif
#ifndef KSHIM_HAS_FSRM
#define KSHIM_HAS_FSRM		0
#endif
#ifndef KSHIM_HAS_REP_GOOD
#define KSHIM_HAS_REP_GOOD	0
#endif
#ifndef KSHIM_HAS_FZRM
#define KSHIM_HAS_FZRM		0
#endif
#ifndef KSHIM_HAS_FSRS
#define KSHIM_HAS_FSRS		0
#endif
#ifndef KSHIM_HAS_SMAP
#define KSHIM_HAS_SMAP		0
#endif
#ifndef KSHIM_HAS_XMM2
#define KSHIM_HAS_XMM2		0
#endif

/*
 * An assembler expression, nonzero when feature number f is present (f
 * may carry flag bits above KSHIM_FEATURE_MASK; they are ignored here).
 */
#define KSHIM_FEATURE_ON(f)							\
	(((((f) & KSHIM_FEATURE_MASK) == X86_FEATURE_ALWAYS)) ||		\
	 ((((f) & KSHIM_FEATURE_MASK) == X86_FEATURE_ERMS) && KSHIM_HAS_ERMS) ||	\
	 ((((f) & KSHIM_FEATURE_MASK) == X86_FEATURE_FSRM) && KSHIM_HAS_FSRM) ||	\
	 ((((f) & KSHIM_FEATURE_MASK) == X86_FEATURE_REP_GOOD) && KSHIM_HAS_REP_GOOD) || \
	 ((((f) & KSHIM_FEATURE_MASK) == X86_FEATURE_FZRM) && KSHIM_HAS_FZRM) ||	\
	 ((((f) & KSHIM_FEATURE_MASK) == X86_FEATURE_FSRS) && KSHIM_HAS_FSRS) ||	\
	 ((((f) & KSHIM_FEATURE_MASK) == X86_FEATURE_SMAP) && KSHIM_HAS_SMAP) ||	\
	 ((((f) & KSHIM_FEATURE_MASK) == X86_FEATURE_XMM2) && KSHIM_HAS_XMM2))

#endif
