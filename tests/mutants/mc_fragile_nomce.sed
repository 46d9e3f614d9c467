# from: mc_fragile
# The quadword load's exception-table entry is a plain one, not MCE-safe:
# right for a page fault, but a machine check there panics the kernel.
# The lab, whose poisoned source raises machine checks, must report it.
s/^\t_ASM_EXTABLE_TYPE(.L_read_words, .E_read_words, EX_TYPE_DEFAULT_MCE_SAFE)$/\t_ASM_EXTABLE(.L_read_words, .E_read_words)\t\/* MUTANT: not MCE-safe *\//
s/copy_mc_fragile_handle_tail/copy_mc_fragile_handle_tail_nomce/
