"""The pure rules engine: no I/O, no UI, deterministic given the RNG held in the state."""
