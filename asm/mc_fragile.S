/*
 * mc_fragile: copy_mc_fragile, v5.10+ (ec6347bb4339, which renamed
 * memcpy_mcsafe; arch/x86/lib/copy_mc_64.S), with copy_mc_fragile_handle_tail
 * (arch/x86/lib/copy_mc.c, C) written here in asm as tail_c.S is.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 *
 *   len < 8    byte loop
 *   else       bytes until the source is 8-byte aligned, quadwords, bytes
 *
 * Loads carry MCE-safe entries: a machine check on poisoned source memory
 * resumes at the fix-up as a page fault would. A load fault returns the
 * bytes left at once: poison comes in cache lines, so an aligned quadword
 * load never straddles the first poisoned byte. A quadword store fault
 * (the destination may be unaligned) hands the bytes left to the tail,
 * which copies one byte at a time and stops at the first fault.
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/export.h>

SYM_FUNC_START(ucopy_mc_fragile)
	cmpl $8,%edx
	jb .L_no_whole_words		/* short: bytes only */

	testl $7,%esi			/* the source aligned already? */
	jz .L_8byte_aligned
	movl %esi,%ecx			/* ecx: bytes to the next quadword */
	andl $7,%ecx
	subl $8,%ecx
	negl %ecx
	subl %ecx,%edx
.L_read_leading_bytes:
	movb (%rsi),%al
.L_write_leading_bytes:
	movb %al,(%rdi)
	incq %rsi
	incq %rdi
	decl %ecx
	jnz .L_read_leading_bytes

.L_8byte_aligned:
	movl %edx,%ecx			/* ecx: quadwords, edx: bytes after them */
	andl $7,%edx
	shrl $3,%ecx
	jz .L_no_whole_words
.L_read_words:
	movq (%rsi),%r8
.L_write_words:
	movq %r8,(%rdi)
	addq $8,%rsi
	addq $8,%rdi
	decl %ecx
	jnz .L_read_words

.L_no_whole_words:
	andl %edx,%edx
	jz .L_done
	movl %edx,%ecx
.L_read_trailing_bytes:
	movb (%rsi),%al
.L_write_trailing_bytes:
	movb %al,(%rdi)
	incq %rsi
	incq %rdi
	decl %ecx
	jnz .L_read_trailing_bytes
.L_done:
	xorl %eax,%eax
	RET

.E_read_words:
	shll $3,%ecx			/* quadwords left * 8 ... */
.E_leading_bytes:
	addl %edx,%ecx			/* ... plus what follows them */
.E_trailing_bytes:
	movl %ecx,%eax
	RET

.E_write_words:
	shll $3,%ecx
	addl %ecx,%edx			/* bytes left, from this quadword */
	jmp copy_mc_fragile_handle_tail

	_ASM_EXTABLE_TYPE(.L_read_leading_bytes, .E_leading_bytes, EX_TYPE_DEFAULT_MCE_SAFE)
	_ASM_EXTABLE_TYPE(.L_read_words, .E_read_words, EX_TYPE_DEFAULT_MCE_SAFE)
	_ASM_EXTABLE_TYPE(.L_read_trailing_bytes, .E_trailing_bytes, EX_TYPE_DEFAULT_MCE_SAFE)
	_ASM_EXTABLE(.L_write_leading_bytes, .E_leading_bytes)
	_ASM_EXTABLE(.L_write_words, .E_write_words)
	_ASM_EXTABLE(.L_write_trailing_bytes, .E_trailing_bytes)

/*
 * copy_mc_fragile_handle_tail: rdi to, rsi from, edx bytes left; one byte
 * at a time (the C version calls copy_mc_fragile for each), the first
 * fault ends it and eax counts the byte that faulted. Global, under the
 * kernel's name, so that a reviewed copy_mc_64.S links against it.
 */
SYM_INNER_LABEL(copy_mc_fragile_handle_tail, SYM_L_GLOBAL)
	movl %edx,%eax
	testl %eax,%eax
	jz 3f
1:	movb (%rsi),%cl
2:	movb %cl,(%rdi)
	incq %rsi
	incq %rdi
	decl %eax
	jnz 1b
3:	RET

	_ASM_EXTABLE_TYPE(1b, 3b, EX_TYPE_DEFAULT_MCE_SAFE)
	_ASM_EXTABLE(2b, 3b)
SYM_FUNC_END(ucopy_mc_fragile)
EXPORT_SYMBOL(ucopy_mc_fragile)
