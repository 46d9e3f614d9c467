# from: nocache
# No sfence on the normal exit: the movnti stores are weakly ordered, so
# another CPU may see the copy's later stores, or the caller's, before
# them. One thread sees nothing wrong (every byte, the result, the
# registers are right); the traced sweep must report the movnti that is
# not fenced before the return.
s/^\tsfence\t\t\t\t\/\* order the movnti stores \*\/$/\t\t\t\t\t\/* MUTANT: no sfence *\//
