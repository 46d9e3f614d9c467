# from: bytewise
# After the loop it reads one byte past the end of the source (a stray
# "prefetch"), with an exception-table entry so the fault is fixed up
# quietly. Nothing it returns or writes is wrong; only the access is. The
# lab must see the fault at src + len, where a buffer that ends at a guard
# page has none to give, and report it.
s/^\tRET$/4:\tmovb (%rsi),%dl\t\t\t\/* MUTANT: reads src[len] *\/\n5:\tRET/
s/^\t_ASM_EXTABLE_UA(2b, 3b)$/&\n\t_ASM_EXTABLE_UA(4b, 5b)/
