# from: movs_alt_movsq
# The large path keeps len & 7 in %rdx instead of %rax, as a C-ABI
# routine may. But rep_movs_alternative is called from inline asm whose
# clobber list, since ca96b162bfd2 (v6.6), names only rax besides rcx,
# rsi and rdi: the caller keeps a live value in rdx across the call. The
# sweep must report rdx clobbered (the row's keeps).
/^\.Llarge_movsq:$/,/^1:\tleaq/ {
	s/%rax/%rdx/g
	s/%eax/%edx/g
}
s/^\tmovq %rcx,%rdx$/\tmovq %rcx,%rdx\t\t\t\/* MUTANT: rdx as scratch *\//
