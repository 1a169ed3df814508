"""The line where the faces of real dice are typed (``thousand play --table``).

An ordinary text input takes every printable key, so while it was open Q typed "q"
instead of saving and quitting, and the game's other keys were lost in it too. This
line takes only what a throw is written with — the faces of a die, 1 to 6 — and the
editing keys (Backspace, Delete, the arrows, Home, End, Enter); every other key goes on
to the game, so Q (and Й, in the Russian layout) saves and quits as it does everywhere
else, and H shows the rules. A pasted throw is taken only if it is all faces.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

FACES = "123456"
"""The characters of a throw: a die's faces."""


class FacesInput(Input):
    """A text input that takes the faces of a die and leaves every other key to the game."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id, max_length=20, restrict=f"[{FACES}]*", disabled=True)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Only a face is this line's: the game's bindings for other keys stay live."""
        return character is not None and character in FACES

    async def _on_key(self, event: events.Key) -> None:
        """Before :class:`Input`'s own handler (Textual calls each class's in turn): a
        printable key that is not a face is not typed, and not stopped either — it
        bubbles on to the game's bindings."""
        if event.is_printable and (event.character or "") not in FACES:
            event.prevent_default()

    def restricted(self) -> None:
        """A paste that is not a throw: nothing is typed (and no bell)."""
