# from: uncached
# No sfence on the way out through .Lword: a copy that ends there returns
# with its movnti stores unordered. The fault paths of this routine need
# none (the exception orders them), so only a traced case that runs to
# the end without a fault can report it.
s/^\tsfence\t\t\t\t\/\* order the movnti stores \*\/$/\t\t\t\t\t\/* MUTANT: no sfence *\//
