"""The report's pictures, drawn with matplotlib as inline SVG.

matplotlib is the optional extra ``report`` (``pip install -e '.[report]'``); it is
imported here only, when a report is written. Figures are built with
`matplotlib.figure.Figure` directly (no pyplot, so no GUI backend and no global
figure state). Text is drawn as paths, so the SVG needs no font; ids are salted per
figure, so every inline SVG on the page has its own and a report is byte-for-byte
reproducible. Colours come from the Okabe-Ito palette (safe for colour-blind
readers), and every series also differs by marker or hatch, so a page printed in
grey still reads.
"""

from __future__ import annotations

import io
import math
import re
import textwrap
from collections.abc import Sequence

from .report_data import ReportData
from .telemetry import quantiles

OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
MARKERS = ("o", "s", "D", "^", "v", "P", "X", "*")
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "++", "--", "**", "OO")
WIDTH = 7.5  # inches; the page scales the SVG to its column


class MissingPlotting(RuntimeError):
    """matplotlib is not installed."""


def _matplotlib():
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingPlotting("the report needs matplotlib, the optional extra 'report': "
                              "pip install -e '.[report]' (or pip install matplotlib)") from None
    return matplotlib, Figure


def _svg(figure, name: str) -> str:
    """The figure as an <svg> element (no XML prologue), its ids salted by `name`."""
    matplotlib, _ = _matplotlib()
    out = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": name, "svg.fonttype": "path"}):
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    text = out.getvalue()
    # The RDF metadata block names outside vocabularies (purl.org): of no use inline.
    return re.sub(r"\s*<metadata>.*?</metadata>", "", text[text.index("<svg"):], count=1, flags=re.DOTALL)


def _figure(height: float, columns: int = 1):
    _, Figure = _matplotlib()
    figure = Figure(figsize=(WIDTH, height), layout="constrained")
    axes = figure.subplots(1, columns, squeeze=False)[0]
    for ax in axes:
        ax.spines[["top", "right"]].set_visible(False)
        ax.grid(axis="x", color="#dddddd", linewidth=0.6)
        ax.set_axisbelow(True)
    return figure, axes


def _label(bot: str, width: int = 18) -> str:
    """A bot spec as an axis label: whole (two bots may differ only at the end), wrapped
    after its name and between its parameters when it is long, and a part still too
    long for two widths (a program's command line) at its spaces or anywhere. Its ``$`` are
    escaped: matplotlib reads the text between two as mathtext, and fails on
    ``$\\frac$``. (Names come here already cut and with their control
    characters shown: `report_data.read_report_data`.)"""
    bot = bot.replace("$", r"\$")
    if len(bot) <= width:
        return bot
    name, _, params = bot.partition(":")
    lines, line = [name + ":"], ""
    for param in params.split(","):
        piece = param if not line else "," + param
        if line and len(line) + len(piece) > width:
            lines.append(line + ",")
            piece = param
            line = ""
        line += piece
    parts = [*lines, line] if line else lines
    return "\n".join(piece for part in parts for piece in textwrap.wrap(part, 2 * width) or [part])


def _colour(data: ReportData, bot: str) -> tuple[str, str, str]:
    """One bot's colour, marker and hatch, the same in every picture (standings order)."""
    order = [str(row["bot"]) for row in data.document["standings"]]
    i = order.index(bot) if bot in order else len(order)
    return OKABE_ITO[i % len(OKABE_ITO)], MARKERS[i % len(MARKERS)], HATCHES[i % len(HATCHES)]


def _finite(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _errorbar(ax, value: object, y: float, low: object, high: object, colour: str, marker: str) -> None:
    """A dot at `value` with whiskers to `low` and `high`, as far as a results file's
    numbers allow: no dot for a value that is not a finite number; on a side whose
    end is infinite (an interval that runs to infinity) an arrow "→ ∞" instead of
    a whisker; an end that is missing, NaN or on the wrong side of the value, no
    whisker (matplotlib refuses a negative one)."""
    if not _finite(value):
        return
    arms = [max(0.0, value - low) if _finite(low) else 0.0, max(0.0, high - value) if _finite(high) else 0.0]
    ax.errorbar(value, y, xerr=[[arms[0]], [arms[1]]], fmt=marker, color=colour, capsize=4, markersize=7)
    for end, arrow, shift, align in ((low, "∞ ←", -9, "right"), (high, "→ ∞", 9, "left")):
        if isinstance(end, float) and math.isinf(end):
            ax.annotate(arrow, (value, y), xytext=(shift, 0), textcoords="offset points", ha=align, va="center",
                        fontsize=8, color=colour)


def ratings(data: ReportData) -> str:
    """Openskill mu ± 3 sigma and the win rate with its 95% interval, best first."""
    rows = list(reversed(data.document["standings"]))  # drawn bottom up
    names = [_label(str(row["bot"])) for row in rows]
    figure, (left, right) = _figure(0.5 + 0.5 * len(rows), columns=2)
    for y, row in enumerate(rows):
        colour, marker, _ = _colour(data, str(row["bot"]))
        mu, sigma = row.get("rating_mu"), row.get("rating_sigma")
        if _finite(mu) and _finite(sigma):
            _errorbar(left, mu, y, mu - 3 * sigma, mu + 3 * sigma, colour, marker)
        rate = row.get("win_rate")
        if rate is not None:
            _errorbar(right, rate, y, row.get("win_rate_ci95_low", rate), row.get("win_rate_ci95_high", rate),
                      colour, marker)
    for ax in (left, right):
        ax.set_yticks(range(len(rows)), names)
        ax.set_ylim(-0.6, len(rows) - 0.4)
    left.set_xlabel("rating: openskill μ ± 3σ")
    right.set_xlabel("win rate, 95% interval")
    right.set_xlim(-0.02, 1.02)
    right.tick_params(labelleft=False)
    return _svg(figure, "ratings")


def fitted_ratings(data: ReportData) -> str:
    """The batch fit's Elo-like ratings with their bootstrap 95% intervals (dot and
    whisker), best first; only for results that have them."""
    rows = [row for row in reversed(data.document["standings"]) if "elo" in row]
    figure, (ax,) = _figure(0.5 + 0.4 * len(rows))
    # An open side (an infinite bound: docs/ratings.md) is an arrow "→ ∞" (`_errorbar`).
    for y, row in enumerate(rows):
        colour, marker, _ = _colour(data, str(row["bot"]))
        value = row["elo"]
        _errorbar(ax, value, y, row.get("elo_low", value), row.get("elo_high", value), colour, marker)
    ax.axvline(0, color="#999999", linewidth=0.8, linestyle="--")
    ax.set_yticks(range(len(rows)), [_label(str(row["bot"])) for row in rows])
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_xlabel("rating: 400 log10 strength, mean 0, with its 95% bootstrap interval")
    return _svg(figure, "fitted")


def heat_map(data: ReportData, values: Sequence[Sequence[float | None]], labels: Sequence[Sequence[str]],
             caption: str) -> str:
    """Rows against columns; every cell carries its number, so grey print reads."""
    matplotlib, _ = _matplotlib()
    size = len(data.bots)
    figure, (ax,) = _figure(1.2 + 0.8 * size)
    ax.grid(False)
    shares = data.players != 2 or not data.document.get("pairs")
    numbers = [v for row in values for v in row if v is not None]
    if shares:
        cmap, low, high = matplotlib.colormaps["cividis"], 0.0, 1.0
    else:
        reach = max((abs(v) for v in numbers), default=1.0) or 1.0
        cmap, low, high = matplotlib.colormaps["PuOr"], -reach, reach
    grid = [[math.nan if v is None else v for v in row] for row in values]
    # pcolormesh, not imshow: cells as vector rectangles, sharp at any zoom or print size.
    mesh = ax.pcolormesh(grid, cmap=cmap, vmin=low, vmax=high, edgecolors="#ffffff", linewidth=1.5)
    ax.invert_yaxis()
    for r in range(size):
        for c in range(size):
            value = values[r][c]
            if value is None:
                ax.text(c + 0.5, r + 0.5, "—", ha="center", va="center", color="#888888", fontsize=9)
                continue
            red, green, blue, _ = cmap((value - low) / (high - low))
            light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.55
            ax.text(c + 0.5, r + 0.5, labels[r][c], ha="center", va="center", fontsize=8,
                    color="#111111" if light else "#ffffff")
    names = [_label(bot) for bot in data.bots]
    ax.set_xticks([i + 0.5 for i in range(size)], names, fontsize=8)
    ax.set_yticks([i + 0.5 for i in range(size)], names, fontsize=8)
    ax.tick_params(length=0)
    ax.spines[["left", "bottom"]].set_visible(False)
    ax.set_xlabel("column")
    ax.set_ylabel("row")
    bar = figure.colorbar(mesh, ax=ax, shrink=0.8)
    bar.solids.set_rasterized(False)  # vector, like the cells
    bar.set_label(caption, fontsize=8)
    return _svg(figure, "heat-map")


def distribution(data: ReportData) -> str:
    """Scores per bot (two players) or the share of each finishing place (tables)."""
    order = [str(row["bot"]) for row in data.document["standings"]]
    if data.players == 2:
        figure, (ax,) = _figure(0.6 + 0.5 * len(order))
        present = [bot for bot in reversed(order) if data.scores.get(bot)]
        boxes = ax.boxplot([data.scores[bot] for bot in present], orientation="horizontal",
                           patch_artist=True, widths=0.55)
        for bot, patch in zip(present, boxes["boxes"], strict=True):
            colour, _, hatch = _colour(data, bot)
            patch.set_facecolor(colour)
            patch.set_alpha(0.55)
            patch.set_hatch(hatch)
        ax.set_yticks(range(1, len(present) + 1), [_label(b) for b in present])
        better = "higher" if data.higher_score_wins else "lower"
        ax.set_xlabel(f"final score per game ({better} is better)")
        return _svg(figure, "distribution")
    figure, (ax,) = _figure(0.8 + 0.5 * len(order))
    places = range(1, data.players + 1)
    for y, bot in enumerate(reversed(order)):
        ranks = data.ranks.get(bot, [])
        start = 0.0
        for place in places:
            share = ranks.count(place) / len(ranks) if ranks else 0.0
            ax.barh(y, share, left=start, color=OKABE_ITO[(place - 1) % len(OKABE_ITO)],
                    hatch=HATCHES[(place - 1) % len(HATCHES)], edgecolor="#333333", linewidth=0.4,
                    label=f"place {place}" if y == 0 else None)
            start += share
    ax.set_yticks(range(len(order)), [_label(b) for b in reversed(order)])
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games finished in each place (1 = first)")
    ax.legend(ncols=min(data.players, 5), loc="upper center", bbox_to_anchor=(0.5, -0.25), fontsize=8,
              frameon=False)
    return _svg(figure, "distribution")


def seats(data: ReportData) -> str:
    """Win rate and mean rank by seat: the advantage of moving first or last."""
    figures = data.document.get("seats") or {}
    rates = figures.get("win_rate") or []
    figure, (left, right) = _figure(2.4, columns=2)
    seats_axis = range(len(rates))
    left.bar(seats_axis, rates, color=[OKABE_ITO[i % len(OKABE_ITO)] for i in seats_axis],
             hatch=None, edgecolor="#333333", linewidth=0.5)
    left.axhline(1 / max(data.players, 1), color="#555555", linestyle="--", linewidth=0.8,
                 label="no advantage")
    left.set_xticks(list(seats_axis), [f"seat {i}" for i in seats_axis])
    left.set_ylabel("win rate")
    left.legend(fontsize=8, frameon=False)
    mean_ranks = figures.get("mean_rank") or []
    right.bar(range(len(mean_ranks)), mean_ranks, color="#bbbbbb", edgecolor="#333333", linewidth=0.5)
    right.axhline((data.players + 1) / 2, color="#555555", linestyle="--", linewidth=0.8)
    right.set_xticks(list(range(len(mean_ranks))), [f"seat {i}" for i in range(len(mean_ranks))])
    right.set_ylabel("mean rank (1 = first)")
    for ax in (left, right):
        ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    return _svg(figure, "seats")


def decision_times(data: ReportData) -> str:
    """Each bot's mean time a decision, one point per game, on a log scale."""
    order = [str(row["bot"]) for row in data.document["standings"] if data.decision_ms.get(str(row["bot"]))]
    figure, (ax,) = _figure(0.6 + 0.5 * max(len(order), 1))
    if order:
        shown = list(reversed(order))
        boxes = ax.boxplot([[max(v, 1e-4) for v in data.decision_ms[bot]] for bot in shown],
                           orientation="horizontal", patch_artist=True, widths=0.55)
        for bot, patch in zip(shown, boxes["boxes"], strict=True):
            colour, _, hatch = _colour(data, bot)
            patch.set_facecolor(colour)
            patch.set_alpha(0.55)
            patch.set_hatch(hatch)
        ax.set_xscale("log")
        ax.set_yticks(range(1, len(order) + 1), [_label(b) for b in shown])
    ax.set_xlabel("milliseconds a decision (mean per game, log scale)")
    return _svg(figure, "decision-times")


def llr_path(data: ReportData) -> str:
    """An SPRT run's log-likelihood ratio after each deal, between its bounds."""
    sprt = data.document.get("sprt") or {}
    values = [v for v in sprt.get("llr_by_deal", []) if isinstance(v, int | float)]
    figure, (ax,) = _figure(2.6)
    deals = range(1, len(values) + 1)
    ax.plot(deals, values, color=OKABE_ITO[0], marker="o" if len(values) <= 60 else None, markersize=3,
            linewidth=1.2, label="LLR")
    for key, style, label in (("upper", "--", "accept H1"), ("lower", ":", "accept H0")):
        if isinstance(sprt.get(key), int | float):
            ax.axhline(sprt[key], color="#555555", linestyle=style, linewidth=0.9, label=f"{label} ({sprt[key]:.2f})")
    ax.axhline(0, color="#bbbbbb", linewidth=0.6)
    ax.set_xlabel("deals (in schedule order)")
    ax.set_ylabel("log-likelihood ratio")
    ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    ax.legend(fontsize=8, frameon=False, loc="best")
    return _svg(figure, "llr")


SHORTEST_MS = 1e-3
"""Where a decision timed at 0 (under a microsecond) is drawn on a log scale."""


def _log_ms(ax, which: str) -> None:
    """Axis `which` ("x" or "y") of `ax` as a log scale of milliseconds labelled as
    plain numbers (0.01, 1, 100): easier to read than powers of ten, and quicker, as
    powers are typeset (mathtext)."""
    _matplotlib()
    from matplotlib import ticker

    (ax.set_xscale if which == "x" else ax.set_yscale)("log")
    axis = ax.xaxis if which == "x" else ax.yaxis
    axis.set_major_formatter(ticker.FuncFormatter(lambda value, _: f"{value:g}"))
    axis.set_minor_formatter(ticker.NullFormatter())


def _limit_line(ax, limit_ms: float | None, vertical: bool) -> None:
    """The move time limit as a dashed line, and the legend below the plot (where it
    hides no point)."""
    if limit_ms is not None:
        line = ax.axvline if vertical else ax.axhline
        line(limit_ms, color="#B22222", linestyle="--", linewidth=1.0, label=f"time limit ({limit_ms:g} ms)")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncols=3)


def time_use(data: ReportData) -> str:
    """Each bot's time a decision over every decision (per-move telemetry), on a log
    scale: the box spans the middle half, the whiskers the shortest and longest, a
    diamond marks the 90th percentile; the move time limit is the dashed line."""
    import numpy  # matplotlib's own dependency

    use = data.time_use
    assert use is not None
    order = [str(row["bot"]) for row in data.document["standings"] if use.times.get(str(row["bot"]))]
    shown = list(reversed(order))
    figure, (ax,) = _figure(0.8 + 0.5 * max(len(order), 1))
    values = [numpy.maximum(use.times[bot], SHORTEST_MS) for bot in shown]
    if shown:
        boxes = ax.boxplot(values, orientation="horizontal", patch_artist=True, widths=0.55, whis=(0, 100),
                           showfliers=False)
        for y, (bot, patch, times) in enumerate(zip(shown, boxes["boxes"], values, strict=True), 1):
            colour, _, hatch = _colour(data, bot)
            patch.set_facecolor(colour)
            patch.set_alpha(0.55)
            patch.set_hatch(hatch)
            ax.plot([numpy.quantile(times, 0.9, method="inverted_cdf")], [y], marker="D", color="#111111", markersize=5,
                    label="90th percentile" if y == 1 else None)
        ax.set_yticks(range(1, len(shown) + 1), [_label(b) for b in shown])
    _log_ms(ax, "x")
    ax.set_xlabel("milliseconds a decision (every decision, log scale)")
    _limit_line(ax, use.limit_ms, vertical=True)
    return _svg(figure, "time-use")


def time_by_move(data: ReportData, least_share: float = 0.1) -> str:
    """Each bot's median time a decision against its decision number in the game,
    on a log scale; a decision number is drawn while at least `least_share` of the
    bot's games reached it (the last few of the longest games are noise)."""
    use = data.time_use
    assert use is not None
    figure, (ax,) = _figure(3.0)
    ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    for bot in (str(row["bot"]) for row in data.document["standings"]):
        moves = use.by_move.get(bot)
        if not moves:
            continue
        least = max(1, math.ceil(least_share * use.games.get(bot, 1)))
        numbers = [n for n, times in enumerate(moves, 1) if len(times) >= least]
        medians = [max(quantiles(moves[n - 1], 0.5)[0], SHORTEST_MS) for n in numbers]
        colour, marker, _ = _colour(data, bot)
        ax.plot(numbers, medians, color=colour, marker=marker, markersize=3, linewidth=1.0, label=_label(bot, 30))
    _log_ms(ax, "y")
    ax.set_xlabel("the bot's decision number in the game (1 = its first)")
    ax.set_ylabel("median ms (log scale)")
    _limit_line(ax, use.limit_ms, vertical=False)
    return _svg(figure, "time-by-move")
