# from: unrolled
# The byte loop moves its byte through %bl, as the 2.6-era routine did, but
# without saving rbx, a callee-saved register.
s/^21:\tmovb (%rsi),%al$/21:\tmovb (%rsi),%bl\t\t\/* MUTANT: rbx not saved *\//
s/^22:\tmovb %al,(%rdi)$/22:\tmovb %bl,(%rdi)/
