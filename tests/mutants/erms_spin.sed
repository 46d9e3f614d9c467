# from: erms
# The fix-up's loop tests a register it never changes, so any fault makes
# the routine spin. The lab's per-case time limit must end it and report
# a timeout.
s/^12:\tmovl %ecx,%edx.*/&\n13:\ttestl %edx,%edx\t\t\t\/* MUTANT: nothing counts down *\/\n\tjnz 13b/
