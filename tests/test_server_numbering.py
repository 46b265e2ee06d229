"""A message told to several members is encoded once and each copy only numbered
(issue 41): the text each member is sent is the one numbering the object would write."""

from __future__ import annotations

import json

import pytest

from dominoes_arcade.online_protocol import dump
from dominoes_arcade.server.members import Member, new_token

MESSAGES = [{"type": "notice", "text": 'Seat 2 "}" is away'},
            {"type": "view", "step": 3, "view": {"hand": [1, -1], "seat": 0}, "legal": ["draw"]},
            {"type": "room", "options": {}, "seats": [], "turn_timer": None, "started": False}]


@pytest.mark.parametrize("sent_before", [0, 7])
@pytest.mark.parametrize("message", MESSAGES)
def test_a_message_encoded_once_is_sent_as_the_object_numbered_would_be(message, sent_before):
    by_object, by_text = Member(new_token(), 0, sent=sent_before), Member(new_token(), 1, sent=sent_before)
    by_object.send(message)
    by_text.send(dump(message))
    expected = dump({**message, "seq": sent_before + 1})
    assert by_object.outbox == by_text.outbox == [expected]
    assert json.loads(expected)["seq"] == sent_before + 1
