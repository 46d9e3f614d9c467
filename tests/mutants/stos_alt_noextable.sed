# from: stos_alt
# The last store of an unrolled round lost its exception-table entry: a
# fault there is a kernel oops. The sweep must report "no-extable".
/^\t_ASM_EXTABLE_UA(17b, \.Lclear_user_tail)$/d
