"""Adapters that let other implementations speak the conformance kit's adapter protocol."""
