"""The reply reducer: a stream of reply events folded into the final message.

:class:`~streamspec.Reducer` applies each event through the state machines
of ``spec/machines/`` and the actions of ``spec/actions.json``; the message
model (:mod:`._message`, :mod:`._content`) is what it builds and dumps. It
reads canonical events only and knows no source. The public names are
re-exported by :mod:`streamspec`.
"""
