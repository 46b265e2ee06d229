"""The results file (docs/architecture.md, "Tournament files"; every key is listed in docs/tournaments.md, "Results"):
TOML written atomically (a temp file beside it, fsync, rename), so a reader never
sees half a file, even if the run is killed while writing.

Layout: ``schema``, ``kind``, ``[tool]``, ``[run]`` (status, clock times, resumes,
executor, an SPRT run's games past its decision), ``[tournament]`` (game, options, bots, seed, deals, games played,
workers, version, a deals file's name and sha256, and ``[tournament.timing]``), ``[[standings]]`` best first,
``[[pairs]]`` head to head, ``[seats]``, ``[[errors]]``, ``[ratings]`` (how the batch
fit's ``elo`` figures in the standings were made) and ``[[superiority]]``. Everything but
``[tool]``, ``[run]`` and the timing figures (``[tournament.timing]``, each bot's
``mean_decision_ms``, ``workers``) is a function of the spec alone.
"""

from __future__ import annotations

import os
import platform
import tomllib
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import tomli_w

from .. import files
from . import standings as figures
from .journal import JournalError
from .ratings import fitted_ratings
from .schedule import SEED_DERIVATION
from .sequential import counted, evaluate, sprt_table
from .spec import Plan
from .standings import GameResult

SCHEMA = 1
KIND = "dominoes-arcade-tournament"
FORFEIT_RULE = ("the offender takes the last place and a loss; the others are placed by the scores when the "
                "game stopped; a forfeited game's scores count in no mean score or difference")
TIMING_KEYS = ("mean_decision_ms", "mean_clock_left_ms", "min_clock_left_ms", "clock_overruns")
"""Per-bot keys that measure time, not play (they differ from run to run)."""


def package_version() -> str:
    try:
        return metadata.version("dominoes-arcade")
    except metadata.PackageNotFoundError:
        return "unknown"


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def build_results(plan: Plan, results: Sequence[GameResult], *, status: str, run: dict[str, Any],
                  timing: dict[str, Any], command: str, workers: int | None = None) -> dict[str, Any]:
    """The results document for the games in `results` (any order); `workers` is
    how many ran at once (by default the plan's). With an SPRT, only the games up to
    the deal where it stopped count (`sequential`)."""
    feed = evaluate(plan, results)
    ranked = figures.rank_all(counted(feed, results), plan.higher_score_wins)
    if feed is not None:
        # Journaled, but past the test's decision: how many depends on timing, not on the spec.
        run = {**run, "games_past_stop": len(results) - len(ranked)}
    planned = len(plan.schedule)
    forfeited = sum(1 for game in ranked if game.result.forfeit is not None)
    tournament: dict[str, Any] = {
        "game": plan.game,
        "players": plan.players,
        "deals": plan.deals,
        "seed": plan.seed,
        "bots": list(plan.bots),
        "games_planned": planned,
        "games_played": len(ranked),
        "games_forfeited": forfeited,
        "workers": workers or plan.workers,
        "move_time_limit_ms": plan.move_time_limit_ms,
        "higher_score_wins": plan.higher_score_wins,
        "format": run_format(plan),
        "seed_derivation": SEED_DERIVATION,
        "forfeit_rule": FORFEIT_RULE,
        "journal": os.path.relpath(plan.journal_path, plan.results_path.parent),
        "version": package_version(),
        "options": dict(plan.options),
        "timing": timing,
    }
    if plan.gauntlet:
        tournament["gauntlet"] = list(plan.bots[:plan.gauntlet])
    if plan.time_control is not None:
        tournament["time_control"] = plan.time_control.text()
        tournament["time_margin_ms"] = plan.time_margin_ms
    if plan.deal_set is not None:
        tournament.update(deal_set_keys(plan))
    fitted = fitted_ratings(ranked, plan.bots, plan.seed)
    rows = figures.standings(ranked, plan.bots)
    for row in rows:
        value, low, high = fitted["elo"][row["bot"]]
        row.update(elo=round(value, 1), elo_low=round(low, 1), elo_high=round(high, 1))
    document = {
        "schema": SCHEMA,
        "kind": KIND,
        "tool": {"name": "dominoes-arcade", "version": package_version(), "python": platform.python_version(),
                 "command": command},
        "run": {"status": status, **run},
        "tournament": tournament,
        "standings": rows,
        "pairs": figures.pairs(ranked, plan.bots, plan.higher_score_wins),
        "seats": figures.seat_figures(ranked, plan.players),
        "errors": figures.errors(ranked),
        "ratings": {"model": "Plackett-Luce" if plan.players > 2 else "Bradley-Terry",
                    "scale": "400 log10 strength, mean 0", "bootstrap": fitted["bootstrap"],
                    "resampled": "deals", "los": "share of bootstrap samples"},
        "superiority": [{**row, "los": round(row["los"], 4)} for row in fitted["superiority"]],
    }
    if feed is not None:
        document["sprt"] = sprt_table(feed, plan)
    return document


def deal_set_keys(plan: Plan) -> dict[str, Any]:
    """What the results say of a deals file: where it is (from the results' folder,
    as the journal), the sha256 of its deals (`deal_sets.digest`: what a resume
    checks) and how many it holds."""
    deal_set = plan.deal_set
    return {"deals_file": os.path.relpath(deal_set.path, plan.results_path.parent), "deals_sha256": deal_set.digest,
            "deals_in_file": len(deal_set.seeds)}


def run_format(plan: Plan) -> str:
    """The format, in words."""
    if plan.gauntlet:
        against = "against the field, seats swapped" if plan.players == 2 else \
            "at every table with the field, every cyclic seat rotation"
        text = f"duplicate deals, gauntlet: {', '.join(plan.bots[:plan.gauntlet])} {against}"
    elif plan.players == 2:
        text = "duplicate deals, every pair, seats swapped"
    else:
        text = "duplicate deals, every table, every cyclic seat rotation"
    return text + ("; sequential test (SPRT)" if plan.sprt else "")


def write_results(path: Path, document: dict[str, Any]) -> None:
    """Write `document` as TOML to `path`, atomically (see `files.write_atomic`).
    :raises FileError:"""
    files.write_atomic(path, tomli_w.dumps(document).encode("utf-8"))


def read_results(path: Path) -> dict[str, Any]:
    """A results file, parsed. :raises FileError:"""
    return files.read_toml(path)


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """The part of a results document that depends on the spec alone: without
    ``tool``, ``run``, the timing and the workers (for tests and for checking that
    two runs agree)."""
    tournament = {k: v for k, v in document["tournament"].items()
                  if k not in ("timing", "workers", "journal", "deals_file")}
    standings = [{k: v for k, v in row.items() if k not in TIMING_KEYS} for row in document["standings"]]
    return {**{k: v for k, v in document.items() if k not in ("tool", "run")},
            "tournament": tournament, "standings": standings}


def check_same_deal_set(plan: Plan) -> None:
    """Refuse to resume on other deals than the run was started on: a deals file
    whose deals changed (its sha256 in the results differs), one given to a run
    dealt from its seed, or none given to a run dealt from one. Results that cannot
    be read say nothing (the journal's fingerprint still tells another tournament).

    :raises JournalError: naming both deal sets."""
    try:
        recorded = read_results(plan.results_path)["tournament"]
        before, name = recorded.get("deals_sha256"), recorded.get("deals_file")
    except (files.FileError, KeyError, TypeError, AttributeError):
        return
    now = plan.deal_set.digest if plan.deal_set else None
    if before == now:
        return
    was = (f"the deals of {name} (sha256 {str(before)[:12]}…, {recorded.get('deals_in_file', '?')} deals)"
           if before is not None else f"deals from its seed ({recorded.get('seed', '?')}), with no deals file")
    if plan.deal_set is None:
        given = "no deals file is given now"
    elif before is not None:
        given = f"{plan.deal_set.path} now holds other deals (sha256 {now[:12]}…, {len(plan.deal_set.seeds)} deals)"
    else:
        given = f"the deals file {plan.deal_set.path} now"
    raise JournalError(f"{plan.results_path}: cannot resume: the run was played on {was}, and {given}; "
                       "resume with the deals it was started on, or run without --resume to start over")


def agrees_with(path: Path, plan: Plan, results: Sequence[GameResult]) -> bool:
    """Whether the results file at `path` says the tournament is complete with the
    figures of `results` (the journal's games). False for a missing or damaged
    file, one left "running" by a run killed after its last journal line, or one
    whose figures differ: a resume then rewrites it from the journal."""
    try:
        document = read_results(path)
        if document["run"]["status"] != "complete":
            return False
        expected = build_results(plan, results, status="complete", run={}, timing={}, command="")
        # Through TOML and back, so the types compare as the file's do.
        return comparable(document) == comparable(tomllib.loads(tomli_w.dumps(expected)))
    except (files.FileError, KeyError, TypeError, AttributeError):
        return False
