/* ucopy kernel shim: asm/trapnr.h (v5.8+), the x86 exception vectors. */
#ifndef _ASM_X86_TRAPNR_H
#define _ASM_X86_TRAPNR_H

#define X86_TRAP_DE	0	/* divide error */
#define X86_TRAP_DB	1	/* debug */
#define X86_TRAP_NMI	2
#define X86_TRAP_BP	3	/* breakpoint */
#define X86_TRAP_OF	4
#define X86_TRAP_BR	5
#define X86_TRAP_UD	6	/* invalid opcode */
#define X86_TRAP_NM	7
#define X86_TRAP_DF	8
#define X86_TRAP_OLD_MF	9
#define X86_TRAP_TS	10
#define X86_TRAP_NP	11
#define X86_TRAP_SS	12
#define X86_TRAP_GP	13	/* general protection */
#define X86_TRAP_PF	14	/* page fault: what the fault lab raises */
#define X86_TRAP_SPURIOUS 15
#define X86_TRAP_MF	16
#define X86_TRAP_AC	17
#define X86_TRAP_MC	18	/* machine check: never raised here */
#define X86_TRAP_XF	19
#define X86_TRAP_VE	20
#define X86_TRAP_CP	21
#define X86_TRAP_VC	29
#define X86_TRAP_IRET	32

#endif
