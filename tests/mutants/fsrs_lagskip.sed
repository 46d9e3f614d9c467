# from: fsrs
# A fix-up that skips the byte rep stosb stopped at ("it faulted"), clears
# the rest byte by byte and counts the skipped byte as not cleared. With
# exact reporting the byte after the faulting one faults at once and the
# result is rcx, as it should be; when the report lags by 2 or more, the
# byte loop clears bytes the model's report left, and the result is too
# small. Only the delayed sweep sees it.
s/^\t_ASM_EXTABLE_UA(1b, 2b)$/\t_ASM_EXTABLE_UA(1b, 3f)\n3:\tincq %rdi\t\t\t\/* MUTANT: skips the byte rep stosb stopped at *\/\n\tdecq %rcx\n\tjz 5f\n4:\tmovb %al,(%rdi)\n\tincq %rdi\n\tdecq %rcx\n\tjnz 4b\n5:\tincq %rcx\t\t\t\/* ... and counts it as not cleared *\/\n\tRET\n\t_ASM_EXTABLE_UA(4b, 5b)/
