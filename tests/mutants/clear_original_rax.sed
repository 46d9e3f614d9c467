# from: clear_original
# The exit no longer zeroes eax, which the caller's inline asm gave as an
# input (zero) and may reuse: after a fault it holds the byte count. The
# sweep must report "clobbered".
s/^\txor %eax,%eax\t.*$/\tnop\t\t\t\t\/* MUTANT: rax left as the fix-up made it *\//
