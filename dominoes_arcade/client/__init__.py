"""The arcade client: the only part of the package that imports pygame (pygame-ce).

Run it with ``dominoes-arcade play`` (`main.run`). The pieces, each a module:

- `app.App`: the window (layouts in logical 1280x720 units, drawn at the screen's
  own pixels through `canvas.Frame`; shapes through `gfx`), the scene stack and
  `App.step(dt, events)`, which runs exactly one frame. Services for
  scenes: ``app.style`` (fonts, colours, cached text), ``app.panels``,
  ``app.tile_art``, ``app.audio``, ``app.input``, ``app.settings``,
  ``app.toast(text)``, ``app.duration_scale`` (the animation-speed setting).
- `scene.Scene` / `scene.SceneStack`: hooks ``enter``, ``exit``, ``pause``,
  ``resume``, ``handle(event)``, ``update(dt)``, ``draw(surface)`` (no state
  changes there), ``prompts()``; ``transparent = True`` makes an overlay.
- `input`: `Intent` (UP, DOWN, LEFT, RIGHT, CONFIRM, BACK, PAUSE, HINT, UNDO,
  PAGE_UP, PAGE_DOWN, MOVES, POINT, PRESS, RELEASE, DRAG, SCROLL, DEVICE_ADDED,
  DEVICE_LOST) in an `InputEvent` (with ``pos``, ``button``, ``rel``,
  ``amount``, ``device``). Scenes never see raw pygame events.
- `widgets`: `Button`, `Toggle`, `Slider`, `ChoiceList` (hover, focus, pressed
  and disabled states); `focus.FocusGroup` holds a screen's widgets and moves
  the focus geometrically; `scenes.menu.MenuScene` is a screen built of them.
- `tween`: `Tween`, `Sequence` and `Wait` run by a scene's
  ``self.tweens`` (a `Tweener`); easings by name; ``skip()`` finishes them.
- `tile_art.TileArt`: procedural tiles, cached: ``face(a, b, length,
  horizontal=, owner=)``, ``tile(t, length, flipped=)``, ``back``, ``shadow``;
  themes classic, colourblind, midnight; numbers on tiles.
- `audio.Audio`: ``play(name)`` for clack, draw, shuffle, score, win, move,
  select, back; the music loop while sound is on and ``music_volume`` above 0;
  silent without a mixer.
- `prompts`: footer button prompts in the last device's labels.
- `screenshots`: ``python -m dominoes_arcade.client.screenshots DIR`` saves a
  PNG of every screen, headless.
- `lessons`: Learn to play: a script for each game (its stages' words are passages
  of the rules documents), a game's table in a lesson mode (`lessons.table`) with
  its callout, the chooser, and the lessons finished (`lessons.progress`).

Writing a game's table (one module per game, ``client/tables/GAME.py``): subclass
`tables.base.TableScene` and implement the contract documented in
`tables.interaction` — ``choices()`` (a `Choice` per legal action: a source to pick
and an optional target), ``item_rects()``, ``action_for(source, target)``,
``draw_table``, ``draw_dragged``, ``last_move_rect``, ``result_lines``,
``on_events(action, events)`` for tweens and sounds, ``on_rebuild()`` after undo or a
replay's step back, and draw every tile through ``self.draw_tile(...)`` honouring
``self.shows_hidden(seat)``. The base class then gives the table, for free: the
game's `dominoes_arcade.session.Session` (its `Match`: chance from its seeded deck;
bots in the worker process of `session.bot_worker`, paced; undo, saving, records),
highlighting, click-to-place, drag-and-drop, select-then-target by keyboard and
controller, the one-press forced move, undo, hint, hot-seat pass screens, the pause
and game-over screens and replay controls. Name it in the game's registry entry
(`engine.registry`; a game with none plays on `tables.generic`); `necropolis.py`,
`buildup.py` and `cyprus.py` are the examples.
"""

import os

# pygame prints a greeting on import; a game client should not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
