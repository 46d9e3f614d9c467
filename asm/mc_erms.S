/*
 * mc_erms: copy_mc_enhanced_fast_string, v5.10+ (5da8e4a65810,
 * arch/x86/lib/copy_mc_64.S). One rep movsb; its entry is MCE-safe, so a
 * machine check on a poisoned source byte and a page fault on the
 * destination both resume at the fix-up, which returns rcx: the bytes not
 * copied, as rep movsb left them. No retry.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied. The
 * kernel's routine moves all of rdx into rcx although its prototype takes
 * an unsigned (32-bit) count, so it relies on its callers zero-extending
 * the count; here the count is edx (movl), and tests/mutants/ has the
 * kernel's movq, which the sweep's classic ABI (bits 32-63 of rdx set)
 * catches.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_mc_erms)
	movl %edx,%ecx
1:	rep movsb
	xorl %eax,%eax			/* all copied */
	RET

2:	movq %rcx,%rax			/* what the fault left */
	RET

	_ASM_EXTABLE_TYPE(1b, 2b, EX_TYPE_DEFAULT_MCE_SAFE)
SYM_FUNC_END(ucopy_mc_erms)
EXPORT_SYMBOL(ucopy_mc_erms)
