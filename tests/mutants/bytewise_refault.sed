# from: bytewise
# The fix-up goes back to retry the byte that faulted, which faults again,
# for ever. The lab must stop it and report a fix-up loop.
s/^\t_ASM_EXTABLE_UA(\([12]\)b, 3b)$/\t_ASM_EXTABLE_UA(\1b, 1b)\t\t\/* MUTANT: resumes at the fault *\//
