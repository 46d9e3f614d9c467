# from: movs_fast
# The rep movsb fix-up returns rcx as rep movsb left it, without the byte
# retry (what the v6.4 rep movsb path does). On hardware that reports
# exactly that is right, so the lag-0 sweep passes it; under a lag the
# bytes rep movsb stored past its report are not counted. Only the
# delayed sweep sees it.
s/^\t_ASM_EXTABLE_UA(26b, \.Lretry)$/\t_ASM_EXTABLE_UA(26b, .Lexit)\t\/* MUTANT: no retry *\//
