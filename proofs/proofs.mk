# Proofs: `make prove` runs WP over every unit (proofs/prove.sh).
.PHONY: prove prove-reject
prove:
	@proofs/prove.sh
prove-reject:
	@proofs/reject.sh
