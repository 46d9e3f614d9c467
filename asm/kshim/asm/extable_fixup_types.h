/*
 * ucopy kernel shim: the exception-table entry types of v5.16+
 * (arch/x86/include/asm/extable_fixup_types.h), with the kernel's values
 * and data layout: the third word of an entry holds the type in bits 0-7,
 * a register number in bits 8-11 (0 ax, 1 cx, 2 dx, 3 bx, 4 sp, 5 bp,
 * 6 si, 7 di, 8-15 r8-r15), flags in bits 12-15 and a signed immediate in
 * bits 16-31.
 *
 * What the fault lab (tests/lab/faults.c) does with each, as the kernel's
 * fixup_exception would:
 *   DEFAULT, UACCESS, DEFAULT_MCE_SAFE   resume at the fix-up (clearing ax
 *                                        and/or dx when the flags say so)
 *   FAULT, COPY, FAULT_MCE_SAFE          ... with ax = the trap number (14)
 *   IMM_REG                              ... with reg = imm
 *   POP_REG                              ... sp += 8, then as IMM_REG
 *   UCOPY_LEN                            ... with cx = imm * cx + reg
 * Any other type is reported as a failure of the case (the kernel would
 * BUG()).
 */
#ifndef _ASM_X86_EXTABLE_FIXUP_TYPES_H
#define _ASM_X86_EXTABLE_FIXUP_TYPES_H

#define EX_DATA_TYPE_MASK	0x000000FF
#define EX_DATA_REG_MASK	0x00000F00
#define EX_DATA_FLAG_MASK	0x0000F000
#define EX_DATA_IMM_MASK	0xFFFF0000

#define EX_DATA_REG_SHIFT	8
#define EX_DATA_FLAG_SHIFT	12
#define EX_DATA_IMM_SHIFT	16

#define EX_DATA_REG(reg)	((reg) << EX_DATA_REG_SHIFT)
#define EX_DATA_FLAG(flag)	((flag) << EX_DATA_FLAG_SHIFT)
#define EX_DATA_IMM(imm)	((imm) << EX_DATA_IMM_SHIFT)

#define EX_FLAG_CLEAR_AX	EX_DATA_FLAG(1)
#define EX_FLAG_CLEAR_DX	EX_DATA_FLAG(2)
#define EX_FLAG_CLEAR_AX_DX	EX_DATA_FLAG(3)

#define EX_TYPE_NONE		0
#define EX_TYPE_DEFAULT		1
#define EX_TYPE_FAULT		2
#define EX_TYPE_UACCESS		3
#define EX_TYPE_COPY		4	/* v5.10-v6.3: copies that may take #MC */
#define EX_TYPE_CLEAR_FS	5
#define EX_TYPE_FPU_RESTORE	6
#define EX_TYPE_BPF		7
#define EX_TYPE_WRMSR		8
#define EX_TYPE_RDMSR		9
#define EX_TYPE_WRMSR_SAFE	10
#define EX_TYPE_RDMSR_SAFE	11
#define EX_TYPE_WRMSR_IN_MCE	12
#define EX_TYPE_RDMSR_IN_MCE	13
#define EX_TYPE_DEFAULT_MCE_SAFE 14
#define EX_TYPE_FAULT_MCE_SAFE	15
#define EX_TYPE_POP_REG		16
#define EX_TYPE_IMM_REG		17
#define EX_TYPE_FAULT_SGX	18
#define EX_TYPE_UCOPY_LEN	19
#define EX_TYPE_ZEROPAD		20
#define EX_TYPE_ERETU		21

#define KSHIM_EFAULT		14
#define EX_TYPE_POP_ZERO	(EX_TYPE_POP_REG | EX_DATA_IMM(0))
#define EX_TYPE_EFAULT_REG	(EX_TYPE_IMM_REG | EX_DATA_IMM(-KSHIM_EFAULT))
#define EX_TYPE_ZERO_REG	(EX_TYPE_IMM_REG | EX_DATA_IMM(0))
#define EX_TYPE_ONE_REG		(EX_TYPE_IMM_REG | EX_DATA_IMM(1))
#define EX_TYPE_UCOPY_LEN1	(EX_TYPE_UCOPY_LEN | EX_DATA_IMM(1))
#define EX_TYPE_UCOPY_LEN4	(EX_TYPE_UCOPY_LEN | EX_DATA_IMM(4))
#define EX_TYPE_UCOPY_LEN8	(EX_TYPE_UCOPY_LEN | EX_DATA_IMM(8))

#endif
