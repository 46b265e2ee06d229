"""The report's time-use section, from the journal's per-move telemetry
(`telemetry`): each bot's time a decision as a distribution (median, 90th
percentile, longest, and a box plot) and along the game (median by decision
number), the bots' own figures (iterations, worlds), every move over the run's
time limit, counted per bot and listed with the command that replays its game, and
under a time control each bot's clock use.

A journal written before telemetry has none of it: the section then says so and
shows each game's mean time a decision, as reports did before.
"""

from __future__ import annotations

from . import report_plots
from .report_data import ReportData, replay_command
from .report_html import esc, figure, table
from .telemetry import TimeUse, quantiles

LISTED = 20
"""Moves over the limit listed one by one; the rest are counted."""


def ms(value: float | None) -> str:
    """Milliseconds to about three significant digits: 0.012, 4.56, 812."""
    if value is None:
        return "?"
    return f"{value:.3f}" if value < 1 else f"{value:.3g}" if value < 1000 else f"{value:.0f}"


def section(data: ReportData) -> list[str]:
    """The section's HTML parts (none when there is nothing to show)."""
    use = data.time_use
    if use is None or not use.timed_games:
        if not data.decision_ms:
            return []
        return ["<h2>Time a decision</h2>",
                '<p class="muted">This journal has no time for each decision (it was written before they were '
                "recorded), so each game's mean is shown.</p>",
                figure(report_plots.decision_times(data), "Each point is one game's mean time a decision.")]
    limit = f"{use.limit_ms:g} ms" if use.limit_ms is not None else None
    parts = ["<h2>Time a decision</h2>", summary_table(data, use),
             figure(report_plots.time_use(data),
                    "Every decision of each bot: the box spans the middle half, the whiskers the quickest and the "
                    "slowest, the diamond the 90th percentile" + (f"; the dashed line is the {limit} limit." if limit
                                                                 else ".")),
             figure(report_plots.time_by_move(data),
                    "The median time of each bot's first, second, ... decision of a game, while at least a tenth "
                    "of its games lasted that long.")]
    parts += clocks(data)
    parts += over_limit(data, use, limit)
    if use.untimed_games:
        parts.append(f'<p class="muted">{use.untimed_games} game{"s" * (use.untimed_games != 1)} of the journal '
                     "have no time for each decision (written before they were recorded, or damaged) and are left "
                     "out of this section.</p>")
    return parts


def clocks(data: ReportData) -> list[str]:
    """Each bot's clock under the time control (the standings' clock figures)."""
    rows = [row for row in data.document["standings"] if "mean_clock_left_ms" in row]
    if not rows:
        return []
    control = data.document["tournament"].get("time_control", "?")
    cells = [[row.get("bot"), ms(row.get("mean_clock_left_ms")), ms(row.get("min_clock_left_ms")),
              row.get("clock_overruns", 0), row.get("time_losses", 0)] for row in rows]
    return [f"<h3>Clocks ({esc(control)}: seconds a game + seconds a move)</h3>",
            table(["bot", "mean left at the end, ms", "least left, ms", "overruns forgiven", "lost on time"], cells,
                  names=1)]


def summary_table(data: ReportData, use: TimeUse) -> str:
    rows = []
    for bot in (str(row["bot"]) for row in data.document["standings"]):
        times = use.times.get(bot)
        if not times:
            continue
        median, p90, longest = quantiles(times, 0.5, 0.9, 1.0)
        own = "; ".join(f"{name} {quantiles(values, 0.5)[0]:g} (max {max(values):g})"
                        for name, values in use.figures.get(bot, {}).items() if values)
        rows.append([bot, len(times), ms(median), ms(p90), ms(longest),
                     use.over_count(bot) if use.limit_ms is not None else "—", own or "—"])
    headers = ["bot", "decisions", "median ms", "p90 ms", "max ms", "over the limit", "its own figures: median (max)"]
    return table(headers, rows, names=1)


def over_limit(data: ReportData, use: TimeUse, limit: str | None) -> list[str]:
    """The moves over the limit, flagged, or a line saying there were none."""
    if limit is None:
        return []
    if not use.over:
        return [f"<p>No move went over the {esc(limit)} limit.</p>"]
    count = len(use.over)
    rows = [[move.bot, move.decision if move.decision is not None else "?", ms(move.ms),
             replay_command(data, move.line)] for move in use.over[:LISTED]]
    more = f'<p class="muted">And {count - LISTED} more.</p>' if count > LISTED else ""
    unknown = " A ? is a move whose time was not recorded (the bot's process was killed from outside)." \
        if any(move.ms is None for move in use.over) else ""
    return [f'<p class="banner">{count} move{"s" * (count != 1)} over the {esc(limit)} limit (each forfeited its '
            f"game).{esc(unknown)}</p>",
            table(["bot", "its decision", "ms", "watch it"], rows, names=1), more]
