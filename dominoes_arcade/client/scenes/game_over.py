"""The game-over screen: an overlay over the finished table that says what happened
to the player (`verdict`: "You won!", "You lost, 3 to 7", "2nd of 6"; in hot-seat
a line for each human; in a demo or a replay who won), why the game ended, and
the scores taken apart (`TableHooks.score_breakdown`: a column for each hand,
round or part of the score), counting up. A win is celebrated with a few seconds
of confetti (`confetti`; the animation speed stretches it, "off" shows none).

"Look at the table" (a click, H on the keyboard, Y on a controller) folds the
screen down to a bar at the bottom, so the final board shows; "Show results"
opens it again. "Play again" (the same seats and variant, the next seed) and
"Menu" are on both; "Review your game" (a game with a player at the screen)
ranks the player's decisions against an expert search (`review`). A demo moves on
to the next game by itself.
"""

from __future__ import annotations

import pygame

from ..app import LOGICAL_SIZE
from ..confetti import SECONDS as CONFETTI_SECONDS
from ..confetti import Confetti
from ..input import InputEvent, Intent
from ..theme import BODY, HEADING, LARGE, SMALL
from ..verdict import Breakdown, Verdict, ordinal, places, verdict
from ..widgets import Button
from .menu import MenuScene

WIDTH, HEIGHT = LOGICAL_SIZE
PANEL_WIDTH = 900
BOTTOM = HEIGHT - 56
"""The lowest the screen reaches: the footer's prompts are below."""
ROW = 28
"""Height of a seat's row in the breakdown."""
LINE = 26
COUNT_SECONDS = 1.4
"""How long the scores take to count up (at normal animation speed)."""
DEMO_SECONDS = 4.0
"""How long a finished demo shows its result before the next demo starts."""
ATTRACT_IGNORES = frozenset({Intent.POINT, Intent.DRAG, Intent.RELEASE, Intent.DEVICE_ADDED})
PLACE_X, NAME_X, PARTS_X, PART_WIDTH = 24, 84, 300, 96
"""The breakdown's columns, from the panel's left edge (the totals at its right)."""


class GameOverScene(MenuScene):
    transparent = True
    name = "game over"

    def __init__(self, app, table):
        self.table = table
        self.collapsed = False
        """Folded down to a bar, so the final board shows."""
        self.counted = 0.0
        """How far the scores have counted up, 0 to 1."""
        self.verdict, self.reason = self._words()
        self.breakdown: Breakdown | None = None if table.session.error or table.seen.outcome is None else \
            table.score_breakdown()
        self.confetti = Confetti(WIDTH, seed=table.setup.seed) if self.verdict.celebrate else None
        super().__init__(app)
        self._dim = pygame.Surface(LOGICAL_SIZE)
        self._dim.set_alpha(120)
        self.app.audio.play("win" if self.verdict.celebrate or not self.humans else "score")

    # -- what happened ---------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The seats played at this screen (`TableHooks.players_here`)."""
        return self.table.players_here()

    def _words(self) -> tuple[Verdict, list[str]]:
        """The verdict and the lines under it (why the game ended, who finished it)."""
        table = self.table
        outcome = table.seen.outcome
        if table.session.error or outcome is None:
            lines = table.result_lines()
            return Verdict(lines[0]), lines[1:]
        names = [table.seat_name(seat) for seat in range(len(outcome.scores))]
        higher = type(table.seen.view).higher_score_wins
        words = verdict(names, outcome.scores, outcome.winners, higher, self.humans)
        why = outcome.termination.value
        reason = [f"{why[0].upper()}{why[1:]}." + ("" if higher else " Lowest score wins.")]
        if table.session.finished_by_bot:
            reason.append("The hard bot finished the game for you." if len(self.humans) == 1 else
                          "The hard bot finished the game for the players.")
        return words, words.lines + reason

    # -- widgets ---------------------------------------------------------------------------
    @property
    def spot(self) -> pygame.Rect | None:
        """The table's place for the folded bar (`result_spot`), if it has one."""
        return self.table.result_spot()

    @property
    def panel(self) -> pygame.Rect:
        if self.collapsed:
            spot = self.spot
            if spot is not None:  # in the table's place for it
                return spot.copy()
            return pygame.Rect(WIDTH // 2 - PANEL_WIDTH // 2, BOTTOM - 74, PANEL_WIDTH, 72)
        seats = len(self.breakdown.totals) if self.breakdown is not None else 0
        height = 118 + LINE * len(self.reason_lines()) + (34 + ROW * seats if seats else 0) + 104
        return pygame.Rect(WIDTH // 2 - PANEL_WIDTH // 2, max(16, (BOTTOM - height) // 2), PANEL_WIDTH, height)

    def reason_lines(self) -> list[str]:
        return [part for line in self.reason
                for part in self.app.style.wrap(line, PANEL_WIDTH - 80, BODY)]

    def build(self) -> None:
        again = "Next demo" if self.table.setup.demo else "Play again"
        panel = self.panel
        if self.collapsed:
            y, x = panel.y + 10, panel.right - 20
            if self.spot is not None and self.spot.height >= 120:  # room for the verdict above the buttons
                y, x = panel.bottom - 62, panel.centerx + (240 if not self.table.online else 355)
            self.focus.add(Button((x - 480, y, 250, 52), "Show results", self.toggle, size=BODY + 1,
                                  help="The results again, over the table."))
            if not self.table.online:  # an online game is played again by hosting or joining a room
                self.focus.add(Button((x - 220, y, 220, 52), again, self.table.restart, size=BODY + 1))
        else:
            y, x = panel.bottom - 84, panel.x + 25
            buttons = [] if self.table.online else [(180, again, self.table.restart, "")]
            buttons += [(250, "Look at the table", self.toggle, "Fold this away to see the final board.")]
            if self.reviewable:
                buttons.append((270, "Review your game", self.review,
                                "Your decisions, the costliest first, against an expert search."))
            buttons.append((120, "Menu", self.table.to_menu, ""))
            gap = (panel.width - 50 - sum(width for width, *_ in buttons)) // (len(buttons) - 1)
            for width, label, action, help in buttons:
                self.focus.add(Button((x, y, width, 62), label, action, help=help))
                x += width + gap
        self.focus.focus(self.focus.widgets[0])

    @property
    def reviewable(self) -> bool:
        """A game with a player at the screen, played to its end."""
        return (bool(self.humans) and not self.table.online and not self.table.session.error
                and self.table.seen.outcome is not None)

    def review(self) -> None:
        """The player's decisions ranked by what they cost (`review.open_review`)."""
        from .review import open_review

        open_review(self.app, self.table.session.to_record(), self.humans, self.table.session.bots_took_over_at)

    def toggle(self) -> None:
        """Fold the screen down to a bar over the final board, or open it again."""
        self.collapsed = not self.collapsed
        self.rebuild()
        toggle = "Show results" if self.collapsed else "Look at the table"
        self.focus.focus(next(widget for widget in self.focus.widgets if widget.label == toggle))

    # -- the scene -------------------------------------------------------------------------
    def enter(self) -> None:
        self.tweens.tween(self, COUNT_SECONDS, easing="out_cubic", delay=0.3, counted=1.0)
        if self.confetti is not None:
            self.tweens.tween(self.confetti, CONFETTI_SECONDS, easing="linear", hold=False,
                              elapsed=CONFETTI_SECONDS)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.table.setup.demo and self.time >= DEMO_SECONDS and not self.app.exit_when_over:
            self.table.next_demo()

    def handle(self, event: InputEvent) -> None:
        if self.table.attract and event.intent not in ATTRACT_IGNORES:
            self.table.to_menu()
        elif event.intent is Intent.HINT:
            self.toggle()
        elif event.intent is Intent.BACK:
            self.table.to_menu()
        elif event.intent is Intent.PAUSE:
            self.table.open_pause()
        else:
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        style = self.app.style
        panel = self.panel
        if self.collapsed:
            self.app.panels.draw(surface, panel, radius=20, alpha=255)  # opaque: the table's words stay under it
            line = style.text(self.verdict.headline, LARGE, style.palette.accent, bold=True)
            if self.spot is not None and self.spot.height >= 120:
                surface.blit(line, line.get_rect(midtop=(panel.centerx, panel.y + 22)))
            else:
                surface.blit(line, line.get_rect(midleft=(panel.x + 26, panel.centery)))
        else:
            surface.blit(self._dim, (0, 0))
            self.app.panels.draw(surface, panel, radius=24, alpha=255)
            self._draw_results(surface, panel)
        self.focus.draw(surface, style)
        if self.confetti is not None:
            self.confetti.draw(surface)

    def _draw_results(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        style = self.app.style
        headline = style.shadow_text(self.verdict.headline, HEADING, style.palette.accent)
        surface.blit(headline, headline.get_rect(center=(WIDTH // 2, panel.y + 50)))
        y = panel.y + 96
        for line in self.reason_lines():
            text = style.text(line, BODY, style.palette.text)
            surface.blit(text, text.get_rect(midtop=(WIDTH // 2, y)))
            y += LINE
        if self.breakdown is not None:
            self._draw_breakdown(surface, panel, y + 14, self.breakdown)

    def _draw_breakdown(self, surface: pygame.Surface, panel: pygame.Rect, top: int, breakdown: Breakdown) -> None:
        """A row for each seat: its place, name and who played it, each part of its
        score and its total, the numbers counting up; the winners' rows in bold."""
        style = self.app.style
        palette = style.palette
        table = self.table
        outcome = table.seen.outcome
        winners = outcome.winners if outcome is not None else ()
        place = places(breakdown.totals, winners, type(table.seen.view).higher_score_wins)
        total_x = panel.right - 30

        def cell(text: str, x: int, y: int, colour, *, bold: bool = False, right: bool = True) -> None:
            image = style.text(text, SMALL + 1 if y == top else BODY - 1, colour, bold=bold)
            surface.blit(image, image.get_rect(topright=(x, y)) if right else (x, y))

        for index, heading in enumerate(breakdown.columns):
            cell(heading, panel.x + PARTS_X + (index + 1) * PART_WIDTH, top, palette.text_dim)
        cell("Total", total_x, top, palette.text_dim)
        for seat, total in enumerate(breakdown.totals):
            y = top + 30 + seat * ROW
            won = seat in winners
            colour = palette.accent if won else palette.text
            cell(ordinal(place[seat]), panel.x + PLACE_X, y, colour, bold=won, right=False)
            name = f"{table.seat_name(seat)} \u00b7 {self.player_label(seat)}"
            cell(name, panel.x + NAME_X, y, colour, bold=won, right=False)
            for index, part in enumerate(breakdown.parts[seat]):
                cell(str(round(part * self.counted)), panel.x + PARTS_X + (index + 1) * PART_WIDTH, y, colour)
            cell(str(round(total * self.counted)), total_x, y, colour, bold=True)

    def player_label(self, seat: int) -> str:
        """Who played `seat`: "You" (the one player), "Human" (hot-seat), the bot."""
        if seat in self.humans:
            return "You" if len(self.humans) == 1 else "Human"
        return self.table.kind_label(seat)

    def prompts(self) -> list[tuple[Intent, str]]:
        fold = "Show results" if self.collapsed else "See the table"
        return [(Intent.CONFIRM, "Choose"), (Intent.HINT, fold), (Intent.BACK, "Menu")]
