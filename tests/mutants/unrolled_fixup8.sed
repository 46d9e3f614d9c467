# from: unrolled
# The quadword loop's fix-up counts one quadword too few (rcx * 8 - 8 +
# len & 7), so the tail copies and reports 8 bytes short: a wrong result.
s/^40:\tleal (%rdx,%rcx,8),%edx.*/40:\tleal -8(%rdx,%rcx,8),%edx\t\/* MUTANT: off by 8 *\//
