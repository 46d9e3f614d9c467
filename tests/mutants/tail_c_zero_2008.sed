# from: tail_c_zero
# The zeroing tail in the form a stored v3.6 tree has: the store's
# destination pointer steps on before the store, so after a store fault
# the zeros start one byte past it and, when the fault is on the last
# byte, try a store one byte past the destination. The count is right and
# in the lab that store faults in the guard page; the lab must report the
# access outside the buffer (in a kernel whose next page is mapped it
# writes a zero there).
s/^\t_ASM_EXTABLE(2b,3b)$/\t_ASM_EXTABLE(2b,6b)/
s/^\tRET$/&\n6:\tincq %rdi\t\t\t\/* MUTANT: to++ before the store *\/\n\tjmp 3b/
s/copy_user_handle_tail_zerorest/copy_user_handle_tail_zerorest_2008/
