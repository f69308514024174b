"""streamspec: reference semantics for LLM agent event streams."""

from streamspec._errors import DecodeError, ProtocolError, SpecError, StreamspecError, UsageError

__all__ = ["DecodeError", "ProtocolError", "SpecError", "StreamspecError", "UsageError"]
