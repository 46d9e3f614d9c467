# Proofs: `make prove` runs WP over every unit (proofs/prove.sh).
.PHONY: prove prove-reject
prove:
	@proofs/prove.sh
prove-reject:
	@proofs/reject.sh
.PHONY: prove-cache level-table
prove-cache:
	@proofs/test-cache.sh
level-table:
	@proofs/level-table.sh --update
