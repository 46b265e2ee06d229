"""Round-robin bot tournaments (docs/architecture.md, "Tournament files"): scheduling and seeds,
parallel running (a process pool or Dask), the journal that makes runs resumable,
and the results file with standings, ratings and head-to-head figures.

Never imports the client or pygame. The CLI (`dominoes-arcade tournament`) is a
thin shell over `resolve_plan`, `run_tournament` and `show.render`.
"""

from .executors import ExecutorUnavailable
from .journal import JournalError
from .runner import RunReport, run_tournament
from .spec import Plan, SpecError, read_spec_file, resolve_plan, split_bot_list

__all__ = ["ExecutorUnavailable", "JournalError", "Plan", "RunReport", "SpecError", "read_spec_file", "resolve_plan",
           "run_tournament", "split_bot_list"]
