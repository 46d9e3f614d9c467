# from: movs_fast
# A fault in the second of the two overlapping quadword moves returns
# without the retry, counting all of the copy as not copied although the
# first quadword was stored: the result over-reports what is left.
s/^\t_ASM_EXTABLE_UA( 2b, \.Lretry)$/\t_ASM_EXTABLE_UA( 2b, .Lexit)\t\/* MUTANT: no retry *\//
