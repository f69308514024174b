"""Outbound tool pairing: shape chat histories so upstreams accept them."""

__all__: list[str] = []
