# from: fsrs
# One byte too many: rcx is bumped before the rep stosb, so the byte after
# the area is cleared (or, against the guard, a fault the case does not
# allow). The sweep must report "overwrite".
s/^1:\trep stosb$/\tincq %rcx\t\t\t\/* MUTANT: one past the end *\/\n1:\trep stosb/
