"""`dominoes-arcade tournament report`: a results file and its journal as one
self-contained HTML page.

Nothing on the page is loaded from anywhere else: no script, no style sheet, no
font, no image file; the pictures are inline SVG (`report_plots`), the style is one
inline block using the reader's own sans-serif font. So the file can be opened
offline, attached to a message or published as it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import files
from . import report_plots, report_time
from .ratings import OPEN_BOUND
from .report_data import ReportData, ReportError, head_to_head, read_report_data, replay_command
from .report_html import esc, figure, table
from .show import has_open_bound
from .sprt import sprt_status

__all__ = ["ReportError", "default_report_path", "render_report", "write_report"]

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 70rem;
       padding: 0 1rem; color: #1b1b1b; background: #fff; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; }
h2 { font-size: 1.2rem; margin-top: 2.2rem; border-bottom: 1px solid #ccc; padding-bottom: 0.2rem; }
table { border-collapse: collapse; margin: 0.6rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #bbb; padding: 0.25rem 0.5rem; text-align: right; white-space: nowrap; }
th { background: #eee; } td.name, th.name { text-align: left; }
code { background: #f3f3f3; padding: 0 0.25rem; border-radius: 3px; font-size: 0.85rem; white-space: nowrap; }
figure { margin: 0.8rem 0; } figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.85rem; color: #444; }
.banner { border: 2px dashed #b35806; padding: 0.5rem 0.8rem; font-weight: bold; }
.muted { color: #555; font-size: 0.9rem; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } figure { break-inside: avoid; } }
"""


def default_report_path(results_path: Path) -> Path:
    """``x.results.toml`` -> ``x.report.html`` beside it."""
    name = results_path.name
    stem = name[: -len(".results.toml")] if name.endswith(".results.toml") else results_path.stem
    return results_path.with_name(stem + ".report.html")


def write_report(results_path: Path, out: Path | None = None) -> Path:
    """Write the report of `results_path` (atomically) and return where.

    :raises ReportError: unreadable results or journal.
    :raises files.FileError: the page cannot be written.
    :raises report_plots.MissingPlotting: matplotlib is not installed.
    """
    out = out or default_report_path(results_path)
    files.prepare_output(out)  # before the work, not after it
    page = render_report(read_report_data(results_path), results_path)
    files.write_atomic(out, page.encode("utf-8"))
    return out


def render_report(data: ReportData, results_path: Path) -> str:
    """The whole page as a string."""
    tournament = data.document["tournament"]
    game = str(tournament.get("game", "?"))
    title = f"{game.capitalize()} tournament: {len(data.bots)} bots, {tournament.get('deals', '?')} deals"
    parts = [f"<h1>{esc(title)}</h1>",
             f'<p class="muted">From <code>{esc(results_path.name)}</code>'
             + (f" and its journal <code>{esc(data.journal.name)}</code>" if data.journal else " (no journal found)")
             + f"; {esc(tournament.get('format', ''))}.</p>"]
    played = int(tournament.get("games_played", data.games))
    if data.status != "complete":
        parts.append(f'<p class="banner">Standings so far: this run is {esc(data.status)}, '
                     f"{played} of {data.planned} games played. The figures below will change.</p>")
    if data.games and not decided(data):
        parts.append('<p class="banner">No game was decided: every game was forfeited (see "Forfeits" '
                     "below), so no score counts and the places are the forfeit rule's.</p>")
    parts += standings_section(data), pictures(data), pairings_section(data), forfeits_section(data)
    parts.append(settings_section(data))
    body = "\n".join(parts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)}</title><style>{STYLE}</style></head>\n<body>\n{body}\n</body></html>\n")


def _elo(row: dict[str, Any]) -> str:
    if "elo" not in row:
        return "—"
    return f"{row['elo']:+.0f} [{row.get('elo_low', row['elo']):+.0f}, {row.get('elo_high', row['elo']):+.0f}]"


def standings_section(data: ReportData) -> str:
    fitted = any("elo" in row for row in data.document["standings"])
    rows = [[row.get("rank"), row.get("bot"), row.get("games"),
             f"{row.get('wins', 0)}-{row.get('draws', 0)}-{row.get('losses', 0)}",
             f"{row.get('win_rate', 0):.3f} [{row.get('win_rate_ci95_low', 0):.2f}, "
             f"{row.get('win_rate_ci95_high', 0):.2f}]",
             row.get("mean_score"), row.get("mean_rank"),
             f"{row.get('rating_mu', 0):.1f} ± {row.get('rating_sigma', 0):.1f}", row.get("forfeits", 0),
             row.get("mean_decision_ms")] + ([_elo(row)] if fitted else []) for row in data.document["standings"]]
    headers = ["#", "bot", "games", "W-D-L", "win rate (95%)", "mean score", "mean rank", "rating μ ± σ",
               "forfeits", "ms a decision"] + (["elo (95%)"] if fitted else [])
    return "<h2>Standings</h2>" + table(headers, rows, names=2)


def fitted_section(data: ReportData) -> list[str]:
    """The batch fit: its ratings with their intervals, and the likelihood of
    superiority of every pair (results written before the fit have neither)."""
    if not any("elo" in row for row in data.document["standings"]):
        return []
    how = data.document.get("ratings", {})
    model = how.get("model", "Plackett-Luce") if isinstance(how, dict) else "Plackett-Luce"
    samples = how.get("bootstrap", "?") if isinstance(how, dict) else "?"
    parts = ["<h2>Fitted ratings</h2>",
             figure(report_plots.fitted_ratings(data),
                    f"A {model} fit of every game at once (docs/ratings.md): 400·log10 strength, mean 0, "
                    f"with a 95% interval from {samples} bootstrap samples of the deals."
                    + (f" An arrow to the edge: {OPEN_BOUND}." if has_open_bound(data.document["standings"])
                       else ""))]
    superiority = data.document.get("superiority") or []
    if superiority:
        rows = [[row.get("a"), row.get("b"), f"{row.get('los', 0):.3f}"] for row in superiority]
        parts += ["<h3>Likelihood of superiority</h3>",
                  '<p class="muted">The share of bootstrap samples in which a rates above b.</p>',
                  table(["a", "b", "LOS"], rows, names=2)]
    return parts


def pictures(data: ReportData) -> str:
    values, labels, caption = head_to_head(data)
    parts = sprt_section(data) + fitted_section(data) + ["<h2>Ratings</h2>",
             figure(report_plots.ratings(data), "Best first. Left: openskill Plackett-Luce rating μ with ±3σ. "
                                                "Right: win rate with its 95% Wilson interval."),
             "<h2>Head to head</h2>",
             figure(report_plots.heat_map(data, values, labels, caption),
                    f"Each cell: the {caption}" + (" with its 95% interval." if data.players == 2 else
                                                   ", and the count. Ties count for neither."))]
    parts.append(crosstable(data, values, labels))
    # Two players: the scores of decided games only; tables: places, forfeits included.
    if data.games and (decided(data) or data.players != 2):
        what = "scores" if data.players == 2 else "finishing places"
        parts += ["<h2>Distribution of " + what + "</h2>",
                  figure(report_plots.distribution(data), f"Each bot's {what} over every game it played.")]
    parts += ["<h2>Seat advantage</h2>",
              figure(report_plots.seats(data), "Result by seat over every game; the dashed lines show "
                                               "what no advantage would give.")]
    parts += report_time.section(data)
    return "\n".join(parts)


def sprt_section(data: ReportData) -> list[str]:
    """An SPRT run's test: the verdict in words and the LLR over the deals."""
    sprt = data.document.get("sprt")
    if not isinstance(sprt, dict) or not sprt.get("llr_by_deal"):
        return []
    said = {"H1": "H1 accepted", "H0": "H0 accepted"}.get(str(sprt.get("verdict")), f"no verdict "
                                                                                      f"({sprt.get('verdict')})")
    caption = (f"{sprt.get('candidate')} against {', '.join(map(str, sprt.get('field', [])))}: elo0 "
               f"{sprt.get('elo0')}, elo1 {sprt.get('elo1')}, alpha {sprt.get('alpha')}, beta {sprt.get('beta')}. "
               f"LLR {sprt.get('llr')} after {sprt.get('deals')} deals: {said} (docs/sprt.md).")
    past = data.document.get("run", {}).get("games_past_stop")
    if isinstance(past, int) and past > 0:
        caption += f" {past} more games played after the decision are in the journal, not counted here."
    numbers = all(isinstance(sprt.get(key, 0), int | float) and not isinstance(sprt.get(key, 0), bool)
                  for key in ("lower", "upper", "llr", "elo0", "elo1"))
    line = f"<p><code>{esc(sprt_status(sprt))}</code></p>" if numbers else ""  # as fastchess prints it
    return ["<h2>Sequential test (SPRT)</h2>", line, figure(report_plots.llr_path(data), caption)]


def decided(data: ReportData) -> bool:
    """Whether any game was played to its end, not forfeited."""
    return data.games > len(data.forfeit_lines)


def crosstable(data: ReportData, values: list[list[float | None]], labels: list[list[str]]) -> str:
    rows = [[bot] + [labels[r][c].replace("\n", " ") if values[r][c] is not None else "—"
                     for c in range(len(data.bots))] for r, bot in enumerate(data.bots)]
    return table(["row \\ column", *data.bots], rows)


def pairings_section(data: ReportData) -> str:
    if not data.notable:
        return ""
    order = {bot: i for i, bot in enumerate(data.bots)}
    items = []
    for (a, b), notable in sorted(data.notable.items(), key=lambda kv: (order.get(kv[0][0], 0),
                                                                        order.get(kv[0][1], 0))):
        watch = "; ".join(f"{esc(n.why)}: <code>{esc(replay_command(data, n.line))}</code>" for n in notable[:4])
        items.append(f"<li><b>{esc(a)}</b> and <b>{esc(b)}</b>: {watch}</li>")
    return "<h2>Games to watch</h2><ul>" + "".join(items) + "</ul>"


def forfeits_section(data: ReportData) -> str:
    errors = data.document.get("errors") or []
    if not errors:
        return "<h2>Forfeits</h2><p>None: every bot answered every decision legally and in time.</p>"
    rows = [[error.get("bot"), error.get("game_id"), error.get("seat"), error.get("kind"), error.get("message"),
             replay_command(data, data.forfeit_lines[error["game_id"]])
             if error.get("game_id") in data.forfeit_lines else ""] for error in errors]
    return "<h2>Forfeits</h2>" + table(["bot", "game", "seat", "kind", "reason", "watch it"], rows, names=6)


def settings_section(data: ReportData) -> str:
    tournament = data.document["tournament"]
    options = tournament.get("options", {})
    rows = [[key, tournament[key]] for key in ("game", "players", "deals", "seed", "deals_file", "deals_sha256",
                                               "deals_in_file", "games_planned", "games_played", "games_forfeited",
                                               "workers", "move_time_limit_ms", "time_control", "time_margin_ms")
            if key in tournament]
    rows += [[f"option {key}", value] for key, value in options.items()]
    command = data.document.get("tool", {}).get("command", "")
    run = data.document.get("run", {})
    timing = tournament.get("timing", {})
    notes = (f"<p>Command: <code>{esc(command)}</code></p>" if command else "")
    notes += (f'<p class="muted">Run {esc(run.get("status", "?"))}, started {esc(run.get("started_at", "?"))}, '
              f'finished {esc(run.get("finished_at", "?"))}; {esc(timing.get("wall_seconds", "?"))} s of wall time, '
              f'{esc(timing.get("games_per_second", "?"))} games a second.</p>')
    return "<h2>Settings</h2>" + table(["setting", "value"], rows, names=2) + notes
