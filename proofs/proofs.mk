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
# Where the proof time goes (proofs/profile.sh): a cold run, then per unit
# and goal kind the provers' seconds; build/proofs/profile.{json,md}.
.PHONY: prove-profile
prove-profile:
	@proofs/profile.sh
