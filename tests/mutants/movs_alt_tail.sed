# from: movs_alt
# The byte tail stops with one byte still to go (an off-by-one loop bound),
# so a copy whose length is not a multiple of 8, or that faults in the
# word loop, comes back one byte short.
s/^\tjne \.Lcopy_user_tail$/\tcmp $1,%rcx\t\t\t\/* MUTANT: should run down to 0 *\/\n\tja .Lcopy_user_tail/
