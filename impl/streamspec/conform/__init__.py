"""Conformance kit: test any implementation against the shipped vectors.

An implementation, in any language, speaks adapter protocol v1
(``spec/protocol/README.md``): JSON lines on its stdin and stdout. This
package holds the protocol's messages (``_protocol``), the client that runs
such a program (``_program``), the reference implementation's outputs
(``_reference``) and the reference adapter (``_adapter``, the command
``streamspec adapter``).

Nothing is imported here: a module pays only for what it uses, so the
adapter starts quickly.
"""
