"""Archived from dominoes_arcade/bots/heuristics/buildup.py and cyprus.py at commit
32475e6 (see research/README.md): the stronger one-ply policies that ``pimc:policy=strong``
and ``pimc:own=strong`` rolled out with, Build Up's exact hand-end search hooks
(``pimc:solve``) and its refitted hand-end forecast. These sections lived inside the
game modules and used their names (`choose`, `evaluate`, `_MAX_HAND`, the engine tables
imported there); they do not import on their own. To run them, check out that commit.
"""

# ==== from dominoes_arcade/bots/heuristics/buildup.py ====================================

# -- the hand's end played exactly (pimc's ``solve``) --------------------------------
solve_hand = hand_values
"""Each action's value when the rest of the hand is played perfectly (`buildup_solver`)."""


def solve_plan(view: BuildUpState, most: int) -> int:
    """How `pimc:solve=most` decides at `view`: 0, by rollouts (not in play, or more
    than `most` tiles left in the two hands); 1, by solving one world (nothing is
    hidden: in the last hand every tile is in sight); 2, by solving each sampled
    world (`solve_hand`)."""
    if view.phase != PLAY:
        return 0
    opponent = 1 - view.seat
    hidden = view.hands[opponent].count(-1) if view.viewer != -1 else 0
    if hidden and hidden == len(view.unknown_tiles()):
        return 1  # every tile not in sight is in the opponent's hand: one world only
    if not hidden:
        return 1
    return 2 if len(view.hands[0]) + len(view.hands[1]) <= most else 0


def solved_reward(state: BuildUpState, seat: int, value: int, margin_weight: float) -> float:
    """`seat`'s reward when the hand in progress ends `value` points ahead of the
    opponent (`solve_hand`'s value): at the end of the game the rank and margin of
    `ismcts.rewards`, otherwise `evaluate`'s forecast, with the hand's tops taken as
    that value (they are, unless ``unplayed_penalty`` or ``played_this_hand``)."""
    mine, theirs = state.totals[seat], state.totals[1 - seat]
    ended = state.hand_index + 1
    if ended == len(HAND_SIZES):
        margin = mine - theirs + value
        rank = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
        return (1.0 - margin_weight) * rank + margin_weight * (1.0 + math.tanh(margin / SCORE_SCALE)) / 2.0
    if state.rules.played_this_hand or ended not in _FORECAST:
        total_weight, tops_weight, spread = 1.0, 0.0, 30.0
    else:
        total_weight, tops_weight, spread = _FORECAST[ended]
        if ended == 1:
            total_weight = 0.0
    forecast = total_weight * (mine - theirs + value) + tops_weight * value
    return 0.5 + 0.5 * math.tanh(0.8 * forecast / spread)


# -- the stronger one-ply policy (pimc's ``policy=strong`` rollouts) ----------------
def _no_cover_table() -> list[list[list[float]]]:
    """``[n][k][h]``: the chance that h tiles drawn from a pool of n, k of which
    cover a tile, hold none of the k (hypergeometric)."""
    return [[[math.comb(n - k, h) / math.comb(n, h) if h <= n else 0.0 for h in range(_MAX_HAND + 1)]
             for k in range(n + 1)] for n in range(SET_SIZE + 1)]


NO_COVER = _no_cover_table()
_BIT = [1 << t for t in DOUBLE_SIX]

STRONG_WEIGHTS = (0.037, 0.75, 0.512, 0.75, 1.113, 6.25)
"""`strong_choose`'s weights, in pips: (a pip placed, less this share of it when all
the hand is still to play (falling to nothing with the last tile): light tiles go
first; a pip of the opponent's top covered; a pip of your own top covered
(subtracted); a pip of the placed tile times the chance that the opponent holds a
tile that covers it (subtracted); a double placed while a non-double would do
(subtracted)). Fitted to agree with `pimc`'s own choices (bench/buildup_policy.py)."""


def opponent_pool(state: BuildUpState, seat: int) -> int:
    """The tiles (a bitmask) `seat` cannot place: the opponent's hand and boneyard,
    read from a full state or, on `seat`'s view, from what is not in sight."""
    opponent = 1 - seat
    if state.viewer == -1:
        tiles = state.hands[opponent] + state.boneyards[opponent]
    else:
        tiles = [t for t in state.hands[opponent] if t >= 0] + state.unknown_tiles()
    pool = 0
    for tile in tiles:
        pool |= _BIT[tile]
    return pool


def strong_choose(state: BuildUpState, legal: list[Action], rng: random.Random | None = None,
                  weights: tuple[float, ...] = STRONG_WEIGHTS) -> Action:
    """A one-ply placement closer to what the search plays than `choose`: light
    tiles early, the risk of being covered taken from the tiles the opponent may
    still hold (not a full set), doubles kept longer. It reads only what the mover
    may see; ties go to the first legal action, and `rng` is not used. `legal` is
    the state's legal list (`strong_rollout_action` decides without it)."""
    if len(legal) == 1:
        return legal[0]
    return strong_rollout_action(state, rng, weights)


def strong_rollout_action(state: BuildUpState, rng: random.Random | None = None,
                          weights: tuple[float, ...] = STRONG_WEIGHTS) -> Action:
    """`strong_choose` without the legal list: the hand's rows of the cover matrix,
    tile by tile ascending and stack by stack, which is the legal list's order."""
    seat = state.seat
    fits = state.cover_matrix & state.hand_rows[seat]
    if not fits:
        return PASS
    if state.rules.played_this_hand:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else choose(state, legal, rng)
    w_pips, w_early, w_take, w_own, w_risk, w_double = weights
    hand = state.hands[seat]
    coverers = COVERERS[state.options["nondouble_on_double"]]
    pool = opponent_pool(state, seat)
    no_cover = NO_COVER[pool.bit_count()]
    opponent_hand = len(state.hands[1 - seat])
    w_pips -= w_early * (len(hand) - 1) / (_MAX_HAND - 1)
    covering = []  # what covering each stack is worth, whatever the tile
    for entries in state.stacks:
        top, owner = entries[-1]
        covering.append(w_take * PIPS[top] if owner != seat else -w_own * PIPS[top])
    has_single = False
    for tile in hand:
        if not IS_DOUBLE[tile] and fits >> ROW_SHIFT[tile] & ROW_BITS:
            has_single = True
            break
    best_tile = best_stack = -1
    best_value = -1e9
    for tile in hand:
        row = fits >> ROW_SHIFT[tile] & ROW_BITS
        if not row:
            continue
        pips = PIPS[tile]
        base = pips * (w_pips - w_risk * (1.0 - no_cover[(coverers[tile] & pool).bit_count()][opponent_hand]))
        if has_single and IS_DOUBLE[tile]:
            base -= w_double
        while row:
            low = row & -row
            row ^= low
            stack = low.bit_length() - 1
            value = base + covering[stack]
            if value > best_value:
                best_tile, best_stack, best_value = tile, stack, value
    return PLACE[best_tile][best_stack]


def strong_stage(state: BuildUpState) -> int:
    """`stage` for the strong rollouts: the end of hand 3 does not count, since the
    last hand's deal is settled then (each boneyard holds the 4 tiles of its last
    hand), so a rollout in hand 3 or 4 plays to the end of the game instead of
    trusting the forecast."""
    if state.termination is not None:
        return 4
    return min(state.hand_index, 2)


def hand_end_features(state: BuildUpState) -> list[float]:
    """Seat 0's side of a hand end, for `strong_evaluate`'s forecast: (totals'
    difference, tops' difference, tops' difference with each top weighted by the
    chance that the opponent's next hand holds no tile that covers it, the
    difference in pips left in the boneyards). At a hand end the hands are empty and
    the boneyards are public (every other tile is in sight)."""
    hand = min(state.hand_index, len(HAND_SIZES) - 1)
    coverers = COVERERS[state.options["nondouble_on_double"]]
    pools = []
    for boneyard in state.boneyards:
        pool = 0
        for tile in boneyard:
            pool |= _BIT[tile]
        pools.append(pool)
    draw = HAND_SIZES[hand]
    tops = safe = 0.0
    for entries in state.stacks:
        tile, owner = entries[-1]
        pool = pools[1 - owner]
        sign = 1 if owner == 0 else -1
        tops += sign * PIPS[tile]
        safe += sign * PIPS[tile] * NO_COVER[pool.bit_count()][(coverers[tile] & pool).bit_count()][draw]
    boneyards = sum(PIPS[t] for t in state.boneyards[0]) - sum(PIPS[t] for t in state.boneyards[1])
    return [state.totals[0] - state.totals[1], tops, safe, boneyards]


# hands ended -> the weights of `hand_end_features` in the forecast final margin, and
# its spread: least squares on 5,000 games of `strong_choose` against itself (10%
# random moves; bench/buildup_policy.py --fit 5000). With the totals and the tops
# alone the spreads are about 36, 25 and 12 pips. (After hand 3 a strong rollout plays
# on, see `strong_stage`, but `strong_evaluate` stays usable there.)
_STRONG_FORECAST = {
    1: ((1.205, 1.205, 0.715, 2.112), 34.2),
    2: ((0.907, 1.259, 0.529, 1.892), 21.8),
    3: ((0.971, 0.752, 0.277, 1.308), 8.8),
}


def strong_evaluate(state: BuildUpState) -> list[float]:
    """`evaluate` with the forecast of `hand_end_features`, fitted on the stronger
    policy's games: the tops' safety and the pips still to come matter too."""
    known = _STRONG_FORECAST.get(state.hand_index)
    if state.rules.played_this_hand or known is None:
        return evaluate(state)
    weights, spread = known
    forecast = 0.0
    for weight, feature in zip(weights, hand_end_features(state), strict=True):
        forecast += weight * feature
    first = 0.5 + 0.5 * math.tanh(0.8 * forecast / spread)
    return [first, 1.0 - first]


# ==== from dominoes_arcade/bots/heuristics/cyprus.py =====================================

# -- the stronger policy (``pimc:policy=strong``) ---------------------------------------

STRONG_WEIGHTS = {"pips": 0.4, "double": 10.0, "follow": 3.0, "block": 1.0, "flex": 2.0}
"""`strong_choose`'s weights, tuned by self-play against greedy (bench/star_policy.py,
one seat against three greedy ones, Cyprus and Sebastopol together): greedy's three
terms reweighted (fewer points for pips, more for doubles and for following), and
``flex``, worth each open number the rest of the hand could follow on. On fresh
deals its mean rank against three greedy seats is 2.35 ± 0.04 in Cyprus and 2.44 ±
0.04 in Sebastopol (500 deals each, every seat; 2.5 is level); 3.35 ± 0.09 at 6
Cyprus players (level 3.5), 5.34 ± 0.08 at 10 (level 5.5)."""


GREEDY_WEIGHTS: Final = {"pips": 1.0, "double": DOUBLE_BONUS, "follow": FOLLOW_WEIGHT, "block": BLOCK_WEIGHT,
                         "flex": 0.0}
"""`choose`'s weights in `strong_choose`'s terms: greedy has no ``flex`` term."""


def _hand_numbers(hand: list[int]) -> tuple[int, int, int]:
    """The hand as tile bits, the numbers it shows and those only one of its tiles shows."""
    bits = shown = single = 0
    for tile in hand:
        bits |= _TILE_BIT[tile]
        numbers = NUMBERS_MASK[tile]
        single = (single & ~numbers) | (numbers & ~shown)
        shown |= numbers
    return bits, shown, single


def strong_choose(state: StarState, legal: list[Action], rng: random.Random | None = None,
                  weights: dict | None = None) -> Action:
    """The stronger one-ply play: greedy's terms with `STRONG_WEIGHTS` (or `weights`;
    `choose` passes `GREEDY_WEIGHTS`), plus ``flex``: how many of the open numbers
    the rest of the hand could follow on. Ties go to the first legal action; `rng`
    is not used."""
    if len(legal) == 1:
        return legal[0]
    w = STRONG_WEIGHTS if weights is None else weights
    w_pips, w_double, w_follow, w_block, w_flex = w["pips"], w["double"], w["follow"], w["block"], w["flex"]
    preset = state.preset
    # Tiles as bit sets: the hand, and those this player has not seen (not in hand,
    # not on the table, not the spinner once set).
    hand_bits, shown, single = _hand_numbers(state.hands[state.seat])
    unseen = (1 << len(preset.tiles)) - 1 & ~(state.on_table | hand_bits)
    ends = state.ends
    star_complete = len(ends) == preset.slots
    if star_complete:
        base_open = state.open_mask
        arms_at = state.arms_at
    else:
        # In the star phase judge the ends the arms will have once it is complete.
        base_open = 0
        for end in ends:
            base_open |= 1 << end
        suit = preset.suit
    best, best_value = legal[0], -1e9
    for action in legal:
        tile = action.tile
        # The open numbers after the play, and the change in unseen tiles they accept
        # (the numbers that stay open count the same for every play, so they are left out).
        open_mask = base_open
        exposed = 0
        if star_complete:
            old = ends[action.arg]
            new = PIPS[tile] - old
            if arms_at[old] == 1 << action.arg:  # the only arm ending in `old`
                open_mask ^= 1 << old
                exposed -= (_SHOWING[old] & unseen).bit_count()
        else:
            new = PIPS[tile] - suit
        if not open_mask >> new & 1:
            open_mask |= 1 << new
            exposed += (_SHOWING[new] & unseen).bit_count()
        # The tiles left in hand that the open numbers accept, and the open numbers
        # the rest of the hand could follow on.
        follow = (hand_bits & ~_TILE_BIT[tile] & _SHOWING_ANY[open_mask]).bit_count()
        flex = (open_mask & shown & ~(single & NUMBERS_MASK[tile])).bit_count()
        value = w_pips * PIPS[tile] + w_follow * follow - w_block * exposed + w_flex * flex
        if IS_DOUBLE[tile]:
            value += w_double
        if value > best_value:
            best, best_value = action, value
    return best


def strong_rollout_action(state: StarState, rng: random.Random | None = None) -> Action:
    """What ``strong_choose(state, state.legal_actions(), rng)`` returns, without the
    list in the arm phase, as `rollout_action` is to `choose` (the same grouping of
    arms by the number they end in, the same order and arithmetic). Kept apart from
    `rollout_action`, unlike `choose` and `strong_choose`: greedy's twin is ISMCTS's
    rollout hot path, which the ``flex`` term's extra work would slow."""
    preset = state.preset
    ends = state.ends
    if state.phase != TURN or len(ends) != preset.slots:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else strong_choose(state, legal, rng)
    hand = state.hands[state.seat]
    hand_bits, shown, single = _hand_numbers(hand)
    arms_at, base_open, play = state.arms_at, state.open_mask, preset.play
    fitting = hand_bits & _SHOWING_ANY[base_open]
    if not fitting:
        return state.legal_actions()[0]
    if not fitting & (fitting - 1):
        tile = fitting.bit_length() - 1
        low, high = LOW[tile], HIGH[tile]
        arms = arms_at[low] if high == low or not arms_at[high] else arms_at[high] if not arms_at[low] else 0
        if arms:
            return play[tile][(arms & -arms).bit_length() - 1]
    w = STRONG_WEIGHTS
    w_pips, w_double, w_follow, w_block, w_flex = w["pips"], w["double"], w["follow"], w["block"], w["flex"]
    unseen = (1 << len(preset.tiles)) - 1 & ~(state.on_table | hand_bits)
    best, best_value = None, -1e9
    for tile in hand:
        if not fitting & _TILE_BIT[tile]:
            continue
        low, high = LOW[tile], HIGH[tile]
        low_arms, high_arms = arms_at[low], arms_at[high] if high != low else 0
        if low_arms and (not high_arms or low_arms & -low_arms < high_arms & -high_arms):
            covers = ((low, low_arms), (high, high_arms)) if high_arms else ((low, low_arms),)
        else:
            covers = ((high, high_arms), (low, low_arms)) if low_arms else ((high, high_arms),)
        pips, rest = PIPS[tile], hand_bits & ~_TILE_BIT[tile]
        rest_shown = shown & ~(single & NUMBERS_MASK[tile])
        for old, arms in covers:
            open_mask, exposed = base_open, 0
            new = pips - old
            if arms & (arms - 1) == 0:
                open_mask ^= 1 << old
                exposed -= (_SHOWING[old] & unseen).bit_count()
            if not open_mask >> new & 1:
                open_mask |= 1 << new
                exposed += (_SHOWING[new] & unseen).bit_count()
            follow = (rest & _SHOWING_ANY[open_mask]).bit_count()
            flex = (open_mask & rest_shown).bit_count()
            value = w_pips * pips + w_follow * follow - w_block * exposed + w_flex * flex
            if IS_DOUBLE[tile]:
                value += w_double
            if value > best_value:
                best, best_value = play[tile][(arms & -arms).bit_length() - 1], value
    assert best is not None  # some tile fits, and every fitting tile covers an arm
    return best


