"""Shared test settings: the Hypothesis profiles of ``streamspec.testing``.

``ci`` (the default) keeps the whole suite within minutes; ``fuzz`` is the long
campaign, chosen with ``HYPOTHESIS_PROFILE=fuzz``.
"""

from streamspec.testing import load_profile

load_profile()
