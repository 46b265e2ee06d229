"""Play a table as a person would, for the client tests (no tests here).

`play_with_mouse(app, table)`, `play_with_controller(app, table)` and
`play_with_keyboard(app, table)` read the decision from the table itself
(`choices()` and `item_rects()`, the contract of `client.tables.interaction`) and
send the raw events a person would: clicks and drags at the items' centres, or
d-pad/arrow presses until the focus is on the item, then A/Enter. They confirm the
hot-seat pass screen and any summary overlay the same way, and stop at the game's
end. `on_frame(app, table)` is called after every frame (for render-log checks).

`KitTable` is a plain table for any game, for the kit's own tests: every hand as
a row of tiles, each decision's sources and targets as boxes.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
from test_client_support import FRAME, KEY_DIRECTIONS, PAD, PAD_DIRECTIONS, key, pad_button, run

from dominoes_arcade.client.tables.base import TableScene
from dominoes_arcade.client.tables.interaction import Choice
from dominoes_arcade.engine import EVERY_SEAT, GAMES, core, game_module
from dominoes_arcade.engine.tiles import BY_NAME

Frame = Callable[[object, TableScene], None]

# -- raw events ------------------------------------------------------------------------------


def motion(pos, buttons=(0, 0, 0), rel=(1, 1)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=rel, buttons=buttons)


def mouse_down(pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=button)


def mouse_up(pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=button)


def frames(app, events, table: TableScene | None = None, on_frame: Frame | None = None, count: int = 1) -> None:
    """`count` frames, the first with `events`; `on_frame` after each."""
    for index in range(count):
        app.step(FRAME, list(events) if index == 0 else [])
        if on_frame is not None and table is not None:
            on_frame(app, table)


def click_at(app, pos, table=None, on_frame=None) -> None:
    frames(app, [motion(pos), mouse_down(pos), mouse_up(pos)], table, on_frame, count=2)


def drag(app, start, end, table=None, on_frame=None, steps: int = 4) -> None:
    """Press at `start`, move in `steps` frames to `end` with the button held, release."""
    frames(app, [motion(start), mouse_down(start)], table, on_frame)
    for index in range(1, steps + 1):
        t = index / steps
        pos = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        frames(app, [motion(pos, buttons=(1, 0, 0), rel=(3, 3))], table, on_frame)
    frames(app, [mouse_up(end)], table, on_frame, count=2)


# -- one decision per device ----------------------------------------------------------------------


def decide_with_mouse(app, table: TableScene, choice: Choice, *, use_drag: bool = False, on_frame=None) -> None:
    rects = table.item_rects()
    source = rects[choice.source].center
    if choice.target is None:
        click_at(app, source, table, on_frame)
    elif use_drag:
        drag(app, source, rects[choice.target].center, table, on_frame)
    else:
        click_at(app, source, table, on_frame)
        click_at(app, table.item_rects()[choice.target].center, table, on_frame)


def press(app, table, device: str, what: str, on_frame=None) -> None:
    """Press `what` ("confirm", "next", or a direction) on the controller or the keyboard."""
    if device == "controller":
        buttons = {"confirm": pygame.CONTROLLER_BUTTON_A, "next": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                   **PAD_DIRECTIONS}
        frames(app, pad_button(buttons[what]), table, on_frame, count=2)
    else:
        keys = {"confirm": pygame.K_RETURN, "next": pygame.K_PAGEDOWN, **KEY_DIRECTIONS}
        frames(app, key(keys[what]), table, on_frame, count=2)


def direction_towards(here: pygame.Rect, there: pygame.Rect) -> str:
    """The direction a person would press to go from `here` to `there`: straight
    up or down when `there` spans `here`'s column, sideways when it spans its row,
    else along the longer way."""
    dx, dy = there.centerx - here.centerx, there.centery - here.centery
    vertical = "down" if dy > 0 else "up"
    sideways = "right" if dx > 0 else "left"
    if there.left <= here.centerx <= there.right:
        return vertical
    if there.top <= here.centery <= there.bottom:
        return sideways
    return sideways if abs(dx) >= abs(dy) else vertical


def focus_on(app, table: TableScene, item, device: str, on_frame=None, limit: int = 80) -> None:
    """Move the focus to `item` as a person would, watching the focus ring: the
    direction pad toward it, the shoulder button (or Page Down) on through the
    items in order when the directions lead back somewhere already visited."""
    visited: set = set()
    for _ in range(limit):
        focused = table.picker.focused
        if focused == item:
            return
        rects = table.item_rects()
        if focused not in rects or item not in rects:
            press(app, table, device, "next", on_frame)
            continue
        visited.add(focused)
        press(app, table, device, direction_towards(rects[focused], rects[item]), on_frame)
        if table.picker.focused in visited and table.picker.focused != item:
            press(app, table, device, "next", on_frame)
    raise AssertionError(f"the focus never reached {item!r} (it is on {table.picker.focused!r})")


def decide_with_buttons(app, table: TableScene, choice: Choice, device: str, on_frame=None) -> None:
    """Select-then-target with a controller (device "controller") or the keyboard."""
    before = table.session.version
    focus_on(app, table, choice.source, device, on_frame)
    press(app, table, device, "confirm", on_frame)
    if choice.target is not None and table.session.version == before:
        assert table.picker.selected == choice.source, f"{device}: {choice.source} was not picked up"
        focus_on(app, table, choice.target, device, on_frame)
        press(app, table, device, "confirm", on_frame)


def decide(app, table: TableScene, choice: Choice, device: str, *, use_drag: bool = False, on_frame=None) -> None:
    """Make `choice` with `device` ("mouse", "controller" or "keyboard") alone: a
    forced move (the only choice) is one press of confirm with the buttons."""
    if device == "mouse":
        decide_with_mouse(app, table, choice, use_drag=use_drag, on_frame=on_frame)
    elif len(table.current_choices()) == 1:
        press(app, table, device, "confirm", on_frame)
    else:
        decide_with_buttons(app, table, choice, device, on_frame)


# -- whole games ---------------------------------------------------------------------------------


def confirm_overlay(app, table: TableScene, device: str, on_frame=None) -> None:
    """Get past whatever covers the table (a pass screen, a summary) as a person would."""
    top = app.scenes.top
    if device == "mouse":
        focus = getattr(top, "focus", None)
        widgets = [w for w in getattr(focus, "widgets", []) if w.can_focus]
        pos = widgets[0].rect.center if widgets else (640, 360)
        click_at(app, pos, table, on_frame)
    else:
        press(app, table, device, "confirm", on_frame)


def play(app, table: TableScene, device: str, *, seed: int = 1, max_decisions: int = 2000,
         max_frames: int = 60000, on_frame: Frame | None = None, drag_every: int = 2,
         read_summaries: bool = False) -> TableScene:
    """Play `table` to its end with `device` ("mouse", "controller" or "keyboard"):
    each human decision is a random one of the table's choices. Returns the table.
    `read_summaries` (the keyboard or the controller): a summary the table holds on
    screen is confirmed once nothing on the table moves any more (it has counted
    up), as its reader would, instead of waiting its hold out, frame after
    unchanged frame (ten seconds or more at a human table).

    :raises AssertionError: when a decision sent by the device did not happen, or
        the game does not end within the limits.
    """
    assert not (read_summaries and device == "mouse"), "a summary is read with the keyboard or the controller"
    rng = random.Random(seed)
    decisions = 0
    for _ in range(max_frames):
        if table.is_over:
            return table
        top = app.scenes.top
        if top is not table:
            if top.name == "game over":
                return table
            if top.name not in ("pass", "summary") and not getattr(top, "transparent", False):
                raise AssertionError(f"an unexpected screen covers the table: {top.name}")
            confirm_overlay(app, table, device, on_frame)
            continue
        if table.can_decide and not table.tweens.busy:
            choices = table.current_choices()
            assert choices, "a human is to move but the table offers no choice"
            choice = rng.choice(choices)
            before, decided = table.session.version, len(table.session.human_steps)
            if device == "mouse":
                decide_with_mouse(app, table, choice, use_drag=decisions % drag_every == 1, on_frame=on_frame)
            else:
                decide_with_buttons(app, table, choice, device, on_frame)
            assert table.session.version != before, f"{device}: {choice} was sent but nothing happened"
            played = table.session.steps[table.session.human_steps[decided]]
            assert played.split(" ", 1)[1] == str(choice.action), \
                f"{device}: chose {choice.action} but the table played {played}"
            decisions += 1
            if decisions > max_decisions:
                raise AssertionError("too many decisions: the game does not end")
            continue
        if read_summaries and table.hold_left > 0 and not table.tweens.busy:
            press(app, table, device, "confirm", on_frame)
            continue
        frames(app, [], table, on_frame)
    raise AssertionError(f"the game did not end within {max_frames} frames")


def play_with_mouse(app, table: TableScene, **kwargs) -> TableScene:
    return play(app, table, "mouse", **kwargs)


def play_with_controller(app, table: TableScene, **kwargs) -> TableScene:
    app.step(FRAME, [pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99, instance_id=PAD)])
    return play(app, table, "controller", **kwargs)


def play_with_keyboard(app, table: TableScene, **kwargs) -> TableScene:
    return play(app, table, "keyboard", **kwargs)


def run_until(app, done: Callable[[], bool], limit: int = 20000) -> None:
    for _ in range(limit):
        if done():
            return
        run(app)
    raise AssertionError("the condition never came true")


# -- what the screen may show --------------------------------------------------------------------


def private_tiles(state, seat: int) -> list[int]:
    """The tiles of `state`'s zones private to `seat` (``zones()``: "NAME P"), as
    `state` holds them (-1 where it is a view that hides them)."""
    return [tile for name, tiles in state.zones().items() if name.rpartition(" ")[2] == str(seat) for tile in tiles]


def may_show(table: TableScene) -> set[int]:
    """The tiles the screen may show face up now: what every seat's view shows (the
    public tiles), and all that the views of the seats the kit lets the screen show
    (`shows_hidden`) show. An online table's session holds its seat's view, not the
    full state: the screen may show just what that view shows."""
    state = table.session.state
    if state.viewer != -1:
        return {tile for tiles in state.zones().values() for tile in tiles if tile >= 0}
    seen = [{tile for tiles in state.view(seat).zones().values() for tile in tiles if tile >= 0}
            for seat in range(state.num_players)]
    allowed = set.intersection(*seen)
    for seat, tiles in enumerate(seen):
        if table.shows_hidden(seat):
            allowed |= tiles
    return allowed


def told_this_round(link, shown: int) -> set[int]:
    """The tiles an online seat was told of by name in the round on screen: in the
    first `shown` steps (those the table has shown), since the last one that began
    a round. A round's end is drawn as it was told (its board and every hand), when
    the state is already the next round's; a tile of an earlier round does not
    count, so a hidden tile the state sampled never passes for one told."""
    names: set[str] = set()

    def collect(value) -> None:
        if isinstance(value, str):
            names.update(value.split())
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    for message in link.told():
        if message.get("type") != "step" or message["step"] >= shown:
            continue
        if any(event.get("kind") == "new_round" for event in message["events"]):
            names.clear()
        collect(message)
    return {BY_NAME[name] for name in names if name in BY_NAME}


def check_faces(app, table: TableScene) -> None:
    """After a frame (an `on_frame`): no tile drawn face up that the screen may not
    show, and every tile logged face up as a seat's own is one the kit lets show.
    Online, a round's end shows its board and every hand, as the server told them,
    while the state is already past it: those tiles too (`told_this_round`)."""
    if app.scenes.top is not table:
        return
    faces = {tile for tile, face_up, _seat in table.render_log if face_up}
    allowed = may_show(table)
    if table.online:
        allowed |= told_this_round(table.session.link, len(table.session.steps))
    assert faces <= allowed, f"hidden tiles drawn face up: {sorted(faces - allowed)}"
    if not table.online:
        assert all(table.shows_hidden(seat) for _tile, face_up, seat in table.render_log if face_up and seat >= 0)
        if table.seen_seat is not EVERY_SEAT:  # (a replay's, a finished game's record is public)
            observed = {tile for tiles in table.seen.view.zones().values() for tile in tiles if tile >= 0}
            assert observed <= allowed, f"the table's observation holds hidden tiles: {sorted(observed - allowed)}"


# -- a plain table for the kit's own tests ------------------------------------------------------

for _game in GAMES:
    game_module(_game)  # each game interns its actions on import
ACTIONS = {(a.game, a.kind, a.tile, a.arg): a for a in core._REGISTRY.values() if a.seat == -1}
"""Every decision of every game by (game, kind, tile, arg): what a drop means."""
FIXED_TARGETS = {"buildup": [("spot", "place", stack) for stack in range(12)]}
"""Targets that are always on the table, legal or not (Build Up's twelve stacks)."""


class KitTable(TableScene):
    """Every seat's hidden tiles in a row; the decision as boxes: sources along the
    bottom, targets in the middle (Build Up's twelve stacks always)."""

    def choices(self) -> list[Choice]:
        legal = list(self.legal)
        by_source: dict = {}
        for action in legal:
            by_source.setdefault(self.source_of(action), []).append(action)
        out = []
        for source, actions in by_source.items():
            for action in actions:
                target = None if len(actions) == 1 else ("spot", action.kind, action.arg)
                out.append(Choice(action, source, target))
        return out

    @staticmethod
    def source_of(action) -> tuple:
        return ("tile", action.tile) if action.tile >= 0 else ("button", action.kind)

    def item_rects(self) -> dict:
        rects: dict = {}
        choices = self.current_choices()
        for index, source in enumerate(dict.fromkeys(c.source for c in choices)):
            row, column = divmod(index, 14)
            rects[source] = pygame.Rect(30 + column * 88, 520 + row * 56, 80, 48)
        targets = list(FIXED_TARGETS.get(self.session.state.game, []))
        targets += [c.target for c in choices if c.target is not None and c.target not in targets]
        for index, target in enumerate(targets):
            row, column = divmod(index, 12)
            rects[target] = pygame.Rect(40 + column * 100, 330 + row * 70, 90, 60)
        return rects

    def action_for(self, source, target):
        if target is None or target[0] != "spot":
            return None
        _spot, kind, arg = target
        tile = source[1] if source[0] == "tile" else -1
        if source[0] == "button" and source[1] != kind:
            return None
        return ACTIONS.get((self.session.state.game, kind, tile, arg))

    def draw_table(self, surface) -> None:
        super().draw_table(surface)
        state = self.session.state
        for seat in range(state.num_players):
            y = 20 + seat * 30
            seen = state.view(seat) if self.shows_hidden(seat) else state.view((seat + 1) % state.num_players)
            for index, tile in enumerate(private_tiles(seen, seat)[:24]):
                owner = seat if self.shows_hidden(seat) else -1  # else a tile every seat knows
                self.draw_tile(surface, tile, (20 + index * 50, y), 40, face_up=tile >= 0, seat=owner, horizontal=True)
        for item, rect in self.item_rects().items():
            pygame.draw.rect(surface, (30, 60, 50), rect, border_radius=6)
            if item[0] == "tile" and self.can_decide:
                self.draw_tile(surface, item[1], rect, 70, face_up=True, seat=state.current_player, horizontal=True)
            else:
                label = self.app.style.text(" ".join(str(part) for part in item[1:]), 14)
                surface.blit(label, label.get_rect(center=rect.center))

    def last_move_rect(self):
        return pygame.Rect(600, 250, 80, 50) if self.session.steps else None
