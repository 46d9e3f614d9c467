# from: fsrm
# Returns with the direction flag set, which the ABI forbids (the next
# string instruction in the caller would run backwards). The sweep must
# report "DF".
s/^2:\tRET$/2:\tstd\t\t\t\t\/* MUTANT *\/\n\tRET/
