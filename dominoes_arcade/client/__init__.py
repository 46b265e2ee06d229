"""The arcade client: the only part of the package that imports pygame (pygame-ce).

Run it with ``dominoes-arcade play`` (`main.run`). The pieces, each a module:

- `app.App`: the window (a 1280x720 canvas through ``pygame.SCALED``), the scene
  stack and `App.step(dt, events)`, which runs exactly one frame. Services for
  scenes: ``app.style`` (fonts, colours, cached text), ``app.panels``,
  ``app.tile_art``, ``app.audio``, ``app.input``, ``app.settings``,
  ``app.toast(text)``, ``app.duration_scale`` (the animation-speed setting).
- `scene.Scene` / `scene.SceneStack`: hooks ``enter``, ``exit``, ``pause``,
  ``resume``, ``handle(event)``, ``update(dt)``, ``draw(surface)`` (no state
  changes there), ``prompts()``; ``transparent = True`` makes an overlay.
- `input`: `Intent` (UP, DOWN, LEFT, RIGHT, CONFIRM, BACK, PAUSE, HINT, UNDO,
  PAGE_UP, PAGE_DOWN, POINT, PRESS, RELEASE, DRAG, SCROLL, DEVICE_ADDED,
  DEVICE_LOST) in an `InputEvent` (with ``pos``, ``button``, ``rel``,
  ``amount``, ``device``). Scenes never see raw pygame events.
- `widgets`: `Button`, `Toggle`, `Slider`, `ChoiceList` (hover, focus, pressed
  and disabled states); `focus.FocusGroup` holds a screen's widgets and moves
  the focus geometrically; `scenes.menu.MenuScene` is a screen built of them.
- `tween`: `Tween`, `Sequence`, `Group`, `Wait`, `Call` run by a scene's
  ``self.tweens`` (a `Tweener`); easings by name; ``skip()`` finishes them.
- `tile_art.TileArt`: procedural tiles, cached: ``face(a, b, length,
  horizontal=, owner=)``, ``tile(t, length, flipped=)``, ``back``, ``shadow``,
  ``outline``; themes classic, colourblind, midnight; numbers on tiles.
- `audio.Audio`: ``play(name)`` for clack, draw, shuffle, score, win, move,
  select, back; silent without a mixer.
- `prompts`: footer button prompts in the last device's labels.
- `screenshots`: ``python -m dominoes_arcade.client.screenshots DIR`` saves a
  PNG of every screen, headless.

Writing a game's table (one module per game, ``client/tables/GAME.py``)::

    from dominoes_arcade.client.tables.base import TableScene

    class NecropolisTable(TableScene):
        def on_events(self, action, events):      # start tweens and sounds
            for event in events:
                if event.kind == "place":
                    sprite = self.sprites[event.tile]
                    self.tweens.tween(sprite, 0.3, easing="out_back", x=..., y=...)
                    self.app.audio.play("clack")

        def handle_table(self, event):            # InputEvent -> self.play(action)
            if event.intent is Intent.CONFIRM and self.waiting_for_human:
                self.play(self.selected_action)

        def draw(self, surface):
            surface.blit(self.app.style.background(surface.get_size()), (0, 0))
            surface.blit(self.app.tile_art.tile(t, 96), (x, y))

then add ``"necropolis": "dominoes_arcade.client.tables.necropolis:NecropolisTable"``
to `tables.TABLES`. `TableScene` already drives the engine (chance, bots after
a think delay, record replays), waits for the tweens, pauses on PAUSE, BACK or
an unplugged controller, and reports `is_over` for ``--exit-when-over``.
"""

import os

# pygame prints a greeting on import; a game client should not.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
