# from: movs_alt_movsq
# The quadword loop moves through %r8, as v6.4's unrolled large path did
# when the callers' clobber list still named r8-r11. Since ca96b162bfd2
# (v6.6) it names only rax: r8 may hold a live value of the caller. The
# sweep must report r8 clobbered (the row's keeps).
s/^2:\tmovq (%rsi),%rax$/2:\tmovq (%rsi),%r8\t\t\t\/* MUTANT: r8 as scratch *\//
s/^3:\tmovq %rax,(%rdi)$/3:\tmovq %r8,(%rdi)/
