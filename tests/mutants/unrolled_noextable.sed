# from: unrolled
# No exception-table entry for the quadword loop's store (label 19): a
# destination fault there is one the kernel could not fix up (an oops).
s/^\t_ASM_EXTABLE(19b,40b)$/\t\/* MUTANT: no entry for 19b *\//
