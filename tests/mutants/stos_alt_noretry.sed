# from: stos_alt
# A fault on the first quadword of an unrolled round returns at once
# instead of going to the byte tail: the result counts the whole round
# from its start though bytes before the fault could be cleared. The
# sweep must report "result".
s/^\t_ASM_EXTABLE_UA(10b, \.Lclear_user_tail)$/\t_ASM_EXTABLE_UA(10b, .Lexit)\t\/* MUTANT: no byte retry *\//
