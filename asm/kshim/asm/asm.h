/*
 * ucopy kernel shim: the exception-table macros of
 * arch/x86/include/asm/asm.h, for every era the project models (v4.x
 * through v6.x), plus the register-name helpers kernel assembly uses.
 *
 * An entry is three 32-bit words in section __ex_table: the faulting
 * instruction and its fix-up as offsets relative to the word itself (so a
 * PIE needs no relocation for them), then a type word. v4.x kernels put a
 * relative handler address in the third word; here it is always an
 * EX_TYPE_* number (asm/extable_fixup_types.h), which keeps the entry size
 * and lets one lookup serve all eras. The lab finds the table through the
 * linker-made symbols __start___ex_table / __stop___ex_table.
 */
#ifndef _ASM_X86_ASM_H
#define _ASM_X86_ASM_H

#include <kshim-common.h>
#include <asm/extable_fixup_types.h>

#ifdef __ASSEMBLY__

/* Register names and sizes (64-bit only). */
# define __ASM_FORM(x, ...)		x,## __VA_ARGS__
# define __ASM_FORM_RAW(x, ...)		x,## __VA_ARGS__
# define __ASM_FORM_COMMA(x, ...)	x,## __VA_ARGS__,
# define __ASM_REGPFX			%
# define __ASM_SEL(a, b)		__ASM_FORM(b)
# define __ASM_SEL_RAW(a, b)		__ASM_FORM_RAW(b)
# define __ASM_SIZE(inst, ...)		__ASM_SEL(inst##l##__VA_ARGS__, inst##q##__VA_ARGS__)
# define __ASM_REG(reg)			__ASM_SEL_RAW(e##reg, r##reg)
# define _ASM_PTR			.quad
# define _ASM_ALIGN			.balign 8
# define _ASM_MOV			movq
# define _ASM_INC			incq
# define _ASM_DEC			decq
# define _ASM_ADD			addq
# define _ASM_SUB			subq
# define _ASM_AX			rax
# define _ASM_BX			rbx
# define _ASM_CX			rcx
# define _ASM_DX			rdx
# define _ASM_SP			rsp
# define _ASM_BP			rbp
# define _ASM_SI			rsi
# define _ASM_DI			rdi
# define _ASM_ARG1			rdi
# define _ASM_ARG2			rsi
# define _ASM_ARG3			rdx
# define _ASM_ARG4			rcx
# define _ASM_RIP(x)			x(%rip)
# define _ASM_NOKPROBE(entry)

# define _ASM_EXTABLE_TYPE(from, to, type)		\
	.pushsection "__ex_table", "a" ;		\
	.balign 4 ;					\
	.long (from) - . ;				\
	.long (to) - . ;				\
	.long type ;					\
	.popsection

/*
 * An entry whose type word names a register (UCOPY_LEN, IMM_REG, ...).
 * The kernel offers this to C only; it is here so that a hand-written
 * routine under review can use the v5.17+ types too.
 */
.macro kshim_extable_type_reg type:req reg:req
	.set .Lkshim_regs_matched, 0
	.set .Lkshim_regno, 0
	.irp r64,rax,rcx,rdx,rbx,rsp,rbp,rsi,rdi,r8,r9,r10,r11,r12,r13,r14,r15
	.ifc \reg,%\r64
	.long (\type) + (.Lkshim_regno << EX_DATA_REG_SHIFT)
	.set .Lkshim_regs_matched, .Lkshim_regs_matched + 1
	.endif
	.set .Lkshim_regno, .Lkshim_regno + 1
	.endr
	.set .Lkshim_regno, 0
	.irp r32,eax,ecx,edx,ebx,esp,ebp,esi,edi,r8d,r9d,r10d,r11d,r12d,r13d,r14d,r15d
	.ifc \reg,%\r32
	.long (\type) + (.Lkshim_regno << EX_DATA_REG_SHIFT)
	.set .Lkshim_regs_matched, .Lkshim_regs_matched + 1
	.endif
	.set .Lkshim_regno, .Lkshim_regno + 1
	.endr
	.if .Lkshim_regs_matched != 1
	.error "_ASM_EXTABLE_TYPE_REG: not a general-purpose register: \reg"
	.endif
.endm

# define _ASM_EXTABLE_TYPE_REG(from, to, type, reg)	\
	.pushsection "__ex_table", "a" ;		\
	.balign 4 ;					\
	.long (from) - . ;				\
	.long (to) - . ;				\
	kshim_extable_type_reg (type), reg ;		\
	.popsection

/* v4.x: the handler named in the third word becomes a type number. */
# define ex_handler_default	EX_TYPE_DEFAULT
# define ex_handler_fault	EX_TYPE_FAULT
# define ex_handler_uaccess	EX_TYPE_UACCESS
# define ex_handler_copy	EX_TYPE_COPY
# define ex_handler_ext		EX_TYPE_DEFAULT
# define _ASM_EXTABLE_HANDLE(from, to, handler)	_ASM_EXTABLE_TYPE(from, to, handler)

# define _ASM_EXTABLE(from, to)		_ASM_EXTABLE_TYPE(from, to, EX_TYPE_DEFAULT)
# define _ASM_EXTABLE_FAULT(from, to)	_ASM_EXTABLE_TYPE(from, to, EX_TYPE_FAULT)
/* v4.x get_user_ex/put_user_ex */
# define _ASM_EXTABLE_EX(from, to)	_ASM_EXTABLE_TYPE(from, to, EX_TYPE_DEFAULT)
/* v4.20+: user accesses */
# define _ASM_EXTABLE_UA(from, to)	_ASM_EXTABLE_TYPE(from, to, EX_TYPE_UACCESS)
/* v5.10-v6.3: copies that may also take a machine check */
# define _ASM_EXTABLE_CPY(from, to)	_ASM_EXTABLE_TYPE(from, to, EX_TYPE_COPY)

/*
 * ALIGN_DESTINATION as v4.1-v5.0 kept it in this header (v5.1 moved it
 * back into copy_user_64.S along with the asm tail). A file that defines
 * the macro itself needs -DKSHIM_NO_ALIGN_DESTINATION (`make review` adds
 * it when it sees `.macro ALIGN_DESTINATION` in the file). For a copy of at
 * least 8 bytes to a destination that is not 8-aligned: copy single bytes
 * up to the 8-byte boundary, taking them off edx first. A fault in that
 * loop leaves the bytes still to align (ecx) plus the rest (edx) for
 * copy_user_handle_tail (asm/tail_c.S).
 *
 * ucopy's own routines name the tail their fix-ups jump to UCOPY_TAIL:
 * copy_user_handle_tail unless the file that includes them names another
 * (asm/<name>_reptail.S: ucopy_tail_rep, the v5.2+ rep movsb tail).
 */
#ifndef UCOPY_TAIL
#define UCOPY_TAIL copy_user_handle_tail
#endif
#ifndef KSHIM_NO_ALIGN_DESTINATION
.macro ALIGN_DESTINATION
	movl %edi,%ecx
	andl $7,%ecx
	jz 102f				/* already on an 8-byte boundary */
	subl $8,%ecx
	negl %ecx			/* ecx = bytes up to the boundary */
	subl %ecx,%edx
100:	movb (%rsi),%al
101:	movb %al,(%rdi)
	incq %rsi
	incq %rdi
	decl %ecx
	jnz 100b
102:
	.section .fixup,"ax"
103:	addl %ecx,%edx			/* unaligned bytes left + the rest */
	jmp UCOPY_TAIL
	.previous

	_ASM_EXTABLE(100b,103b)
	_ASM_EXTABLE(101b,103b)
.endm
#endif

#endif /* __ASSEMBLY__ */
#endif
