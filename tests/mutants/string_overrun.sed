# from: string
# The final rep movsb moves one byte more than is left: a one-byte overrun
# of the destination (and an over-read of the source).
s/^2:\tmovl %edx,%ecx$/2:\tleal 1(%rdx),%ecx\t\t\/* MUTANT: one byte too many *\//
