# from: erms
# The fix-up skips the byte rep movsb stopped at, "since it faulted and a
# retry would only fault again", and counts it as not copied: it retries
# from one byte past the reported point and adds 1 to what the tail
# leaves. On hardware that reports exactly that is right (the byte after
# the faulting one is in the same guard page and faults at once), so the
# lag-0 sweep passes it. Under a lag the reported point is a byte that was
# copied: the result is one too many. Only the delayed sweep sees it.
s/^12:\tmovl %ecx,%edx.*/12:\tincq %rsi\t\t\t\/* MUTANT: skips the byte rep movsb stopped at *\/\n\tincq %rdi\n\tleal -1(%rcx),%edx\n\tcall copy_user_handle_tail\n\tincl %eax\t\t\t\/* ... and counts it as not copied *\/\n\tret/
/^\tjmp \(copy_user_handle_tail\|UCOPY_TAIL\)$/d
