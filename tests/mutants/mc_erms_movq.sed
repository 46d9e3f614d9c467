# from: mc_erms
# The count moved as the kernel's copy_mc_enhanced_fast_string moves it:
# all of rdx, though the prototype's count is an unsigned int. The classic
# ABI sets bits 32-63 of rdx; the copy then runs far past the buffers.
s/^\tmovl %edx,%ecx$/\tmovq %rdx,%rcx\t\t\t\/* MUTANT: the full rdx *\//
