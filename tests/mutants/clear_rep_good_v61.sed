# from: clear_rep_good
# The exception-table label as v6.1-v6.3 shipped it (0db7058e8e23): on the
# mov before the byte rep stosb, not on the rep stosb, so a fault in the
# last partial quadword had no entry: a kernel oops where -EFAULT was due
# (the syzbot report Linus Torvalds answered in April 2023; gone with
# d2c95f9d6802, fixed in stable by moving the label). The sweep must
# report "no-extable".
/^\tmov %edx,%ecx$/d
s/^\.Lrep_good_bytes:$/.Lrep_good_bytes:\t\t\t\/* MUTANT: the v6.1 placement *\/\n\tmov %edx,%ecx/
