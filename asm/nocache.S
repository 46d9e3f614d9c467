/*
 * nocache: __copy_user_nocache, v4.8-v5.1 (arch/x86/lib/copy_user_64.S), used
 * when the kernel will not read the data back soon: the aligned bulk is
 * written with non-temporal movnti stores, which are weakly ordered, hence
 * the sfence on every way out, the fault path included.
 *
 * Classic ABI: rdi to, rsi from, edx len; eax = bytes not copied.
 *
 *   len < 8    straight to the 4-byte step
 *   else       ALIGN_DESTINATION (ordinary stores), then 64-byte blocks of
 *              movnti, an 8-byte movnti loop
 *   then       one 4-byte movnti when what is left is >= 4 and dst is
 *              4-aligned, and ordinary byte stores for the rest
 *
 * Fix-ups (then sfence, then copy_user_handle_tail):
 *   block      ecx * 64 + edx      8-byte    edx + ecx * 8
 *   4-byte     edx + ecx * 4       byte      ecx
 */
#include <linux/linkage.h>
#include <asm/asm.h>
#include <asm/smap.h>
#include <asm/export.h>

ENTRY(ucopy_nocache)
	ASM_STAC
	cmpl $8,%edx
	jb .L_4b_nocache_copy_entry	/* too short for quadwords */
	ALIGN_DESTINATION

	movl %edx,%ecx
	andl $63,%edx			/* edx: what the blocks leave over */
	shrl $6,%ecx			/* ecx: 64-byte blocks */
	jz .L_8b_nocache_copy_entry

	/* A block: as in unrolled, pointers move only after all 16 moves. */
.L_4x8b_nocache_copy_loop:
1:	movq (%rsi),%r8
2:	movq 1*8(%rsi),%r9
3:	movq 2*8(%rsi),%r10
4:	movq 3*8(%rsi),%r11
5:	movnti %r8,(%rdi)
6:	movnti %r9,1*8(%rdi)
7:	movnti %r10,2*8(%rdi)
8:	movnti %r11,3*8(%rdi)
9:	movq 4*8(%rsi),%r8
10:	movq 5*8(%rsi),%r9
11:	movq 6*8(%rsi),%r10
12:	movq 7*8(%rsi),%r11
13:	movnti %r8,4*8(%rdi)
14:	movnti %r9,5*8(%rdi)
15:	movnti %r10,6*8(%rdi)
16:	movnti %r11,7*8(%rdi)
	leaq 64(%rsi),%rsi
	leaq 64(%rdi),%rdi
	decl %ecx
	jnz .L_4x8b_nocache_copy_loop

	/* Whole quadwords of what is left. */
.L_8b_nocache_copy_entry:
	movl %edx,%ecx
	andl $7,%edx			/* edx: bytes after the quadwords */
	shrl $3,%ecx			/* ecx: quadwords */
	jz .L_4b_nocache_copy_entry
.L_8b_nocache_copy_loop:
20:	movq (%rsi),%r8
21:	movnti %r8,(%rdi)
	leaq 8(%rsi),%rsi
	leaq 8(%rdi),%rdi
	decl %ecx
	jnz .L_8b_nocache_copy_loop

	/* 0..7 bytes left (or the whole of a copy under 8). */
.L_4b_nocache_copy_entry:
	andl %edx,%edx
	jz .L_finish_copy
	movl %edi,%ecx
	andl $3,%ecx
	jnz .L_1b_cache_copy_entry	/* movnti needs a 4-aligned dst */
	movl %edx,%ecx
	andl $3,%edx			/* edx: bytes after the 4-byte step */
	shrl $2,%ecx			/* ecx: 1 when 4 or more are left */
	jz .L_1b_cache_copy_entry
30:	movl (%rsi),%r8d
31:	movnti %r8d,(%rdi)
	leaq 4(%rsi),%rsi
	leaq 4(%rdi),%rdi
	andl %edx,%edx
	jz .L_finish_copy

	/* The rest one byte at a time, through the cache. */
.L_1b_cache_copy_entry:
	movl %edx,%ecx
.L_1b_cache_copy_loop:
40:	movb (%rsi),%al
41:	movb %al,(%rdi)
	incq %rsi
	incq %rdi
	decl %ecx
	jnz .L_1b_cache_copy_loop

.L_finish_copy:
	xorl %eax,%eax
	ASM_CLAC
	sfence				/* order the movnti stores */
	ret

	.section .fixup,"ax"
.L_fixup_4x8b_copy:
	shll $6,%ecx			/* blocks left, this one included, * 64 */
	addl %ecx,%edx
	jmp .L_fixup_handle_tail
.L_fixup_8b_copy:
	lea (%rdx,%rcx,8),%rdx		/* quadwords left * 8 + the bytes after */
	jmp .L_fixup_handle_tail
.L_fixup_4b_copy:
	lea (%rdx,%rcx,4),%rdx		/* the 4-byte step + the bytes after */
	jmp .L_fixup_handle_tail
.L_fixup_1b_copy:
	movl %ecx,%edx			/* bytes left */
.L_fixup_handle_tail:
	sfence				/* movnti stores done so far are visible */
	jmp UCOPY_TAIL
	.previous

	_ASM_EXTABLE(1b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(2b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(3b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(4b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(5b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(6b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(7b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(8b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(9b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(10b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(11b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(12b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(13b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(14b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(15b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(16b,.L_fixup_4x8b_copy)
	_ASM_EXTABLE(20b,.L_fixup_8b_copy)
	_ASM_EXTABLE(21b,.L_fixup_8b_copy)
	_ASM_EXTABLE(30b,.L_fixup_4b_copy)
	_ASM_EXTABLE(31b,.L_fixup_4b_copy)
	_ASM_EXTABLE(40b,.L_fixup_1b_copy)
	_ASM_EXTABLE(41b,.L_fixup_1b_copy)
ENDPROC(ucopy_nocache)
EXPORT_SYMBOL(ucopy_nocache)
