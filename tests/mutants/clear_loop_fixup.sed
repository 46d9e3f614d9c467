# from: clear_loop
# The quadword fix-up returns size8 * 8 and forgets size1, the bytes of
# the byte loop that never ran: a clear whose length is not a multiple of
# 8 under-counts what it left. The sweep must report "result".
s/^3:\tlea 0(%rdx,%rcx,8),%rcx$/3:\tlea 0(,%rcx,8),%rcx\t\t\/* MUTANT: size1 forgotten *\//
