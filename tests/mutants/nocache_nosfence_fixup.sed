# from: nocache
# No sfence on the fault path: the fix-up goes to the byte-retry tail and
# returns with the movnti stores done before the fault unordered. Only the
# traced sweep, which single-steps the routine, sees it.
s/^\tsfence\t\t\t\t\/\* movnti stores done so far are visible \*\/$/\t\t\t\t\t\/* MUTANT: no sfence *\//
