/*
 * model_drops_pace.c - the pace of this table's hands, and a move that
 * rests on one pulse and gives its mover another turn.
 *
 * One pulse in the mover's store reads as the one-seed move from the
 * place before it, whole and flawless. No button follows such a move
 * (its mover moves again), so it is taken once a pause shows the hand
 * has stopped; but with one pulse the hand's tempo is unknown. People
 * sow at anything from a fast dribble to a second and more between
 * pieces, and pause in the middle; a gate that misses pieces leaves
 * the pulse the first one sensed of a slow sowing whose earlier drops
 * went unseen (a capture's first piece carried in, the seed sown
 * before it missed), its next drop a step of that hand later. So the
 * steps between the drops of the moves this table has taken cleanly
 * are learnt (DROPS_PACE_*), and such a move waits until the table's
 * usual longest step has passed before it is taken, not just the pause
 * that may part two moves (until the table has shown its hands, that
 * pause, as before).
 *
 * A drop within that wait, after the pause that may part two moves,
 * is the same hand going on or the mover's next move begun (people
 * begin it half a second to a second and a half after their last
 * piece). The places tell: it is read with the pulse only when some
 * move's sowing drops a piece at the pulse's place and a later one at
 * the drop's, and that reading is three times likelier (DROPS_MARGIN)
 * than the pulse's move and the drop the beginning of one of the
 * mover's moves after it, begun that soon (DROPS_COST_QUICK, as for
 * two moves in one stream of drops) and perhaps misplayed (at most
 * DROPS_MISPLAY). A reading with the pulse a stray and the drop a
 * sowing's first is no slower hand: the pulse's move and the mover's
 * next move read the drop as well, and a misplay of that next move is
 * then caught. A drop where a move of the other player begins may be
 * their hand's, out of turn: never read with the pulse. Otherwise the
 * pulse is taken as its move first, as before; read together, the
 * drops are judged as any others, and two moves in one stream are
 * still told apart then (model_drops_split.c).
 */
#include "config.h"

#include "referee/model_drops.h"

/* Steps of bounce or of pieces let go together say nothing of the
 * hand's pace. */
#define PACE_SHORTEST_US 20000

void drops_pace_learn(struct drops *d, int n, const struct match_result *r)
{
	if (n < 2 || r->cost != 0 || r->ndev != 0 || ref_counts_read(d->ref))
		return;
	for (int i = 1; i < n; i++) {
		uint64_t step, b;

		if (d->pend_t[i] < d->pend_t[i - 1] + PACE_SHORTEST_US)
			continue;
		step = d->pend_t[i] - d->pend_t[i - 1];
		b = step / DROPS_PACE_BIN_US;
		d->pace_hist[b < DROPS_PACE_BINS ? b : DROPS_PACE_BINS - 1]++;
		/* (the steps of tonight's players, the older halved) */
		if (++d->pace_n >= DROPS_PACE_KEEP) {
			d->pace_n = 0;
			for (int k = 0; k < DROPS_PACE_BINS; k++) {
				d->pace_hist[k] /= 2;
				d->pace_n += d->pace_hist[k];
			}
		}
	}
}

uint64_t drops_pace_step(const struct referee *ref, const struct drops *d)
{
	uint64_t step, within = 0;
	int k;

	if (d->pace_n < DROPS_PACE_KNOWN)
		return ref->cfg.turn_gap_us;
	for (k = 0; k < DROPS_PACE_BINS; k++) {
		within += d->pace_hist[k];
		if (within * 100 >= (uint64_t)d->pace_n * DROPS_PACE_QUANTILE)
			break;
	}
	step = (uint64_t)(k + 1) * DROPS_PACE_BIN_US;
	if (step < ref->cfg.turn_gap_us)
		return ref->cfg.turn_gap_us;
	return step < ref->cfg.quiet_us ? step : ref->cfg.quiet_us;
}

void drops_pace_note(struct drops *d, int again)
{
	struct referee *ref = d->ref;
	int nnext = -1, seat = -1;

	d->pace_one = again;
	if (!d->pace_one)
		return;
	/* (the moves after it are the mover's: it does not end the game) */
	d->pace_move = drops_cheapest(d);
	if (d->pace_move >= 0)
		drops_next(d, d->pace_move, &nnext, &seat);
	d->pace_one = d->pace_move >= 0 && nnext >= 0 &&
		      seat == ref_mover(ref);
}

uint64_t drops_pace_wait(const struct referee *ref, const struct drops *d,
			 uint64_t wait)
{
	uint64_t step;

	if (!d->pace_one || d->npend != 1)
		return wait;
	step = drops_pace_step(ref, d);
	return step > wait ? step : wait;
}

/* pend[1] as the beginning of one of the mover's moves after the
 * pulse's move, its capture carried in with it: the cheapest. */
static int next_begun(struct drops *d)
{
	uint16_t rows[3 * (SENSE_PATH_MAX + 1)];
	const struct sense_expect *next;
	int nnext, seat, best = MATCH_FAR;

	next = drops_next(d, d->pace_move, &nnext, &seat);
	for (int f = 0; f < nnext; f++) {
		int c = match_cost_begun(&d->board, &next[f], d->pend + 1,
					 d->pend_t + 1, d->npend - 1, rows);

		if (c < best)
			best = c;
	}
	return best;
}

/* A move of the other player (after one of the mover's that hands them
 * the turn) begins at `hole`: a drop there may be their hand's, out of
 * turn, as much as the mover's going on. */
static int others_begin(struct drops *d, int hole)
{
	for (int e = 0; e < d->nexpect; e++)
		if (drops_next_begins_at(d, e, hole))
			return 1;
	return 0;
}

/* Move `x`'s sowing drops a piece at `from` and a later one at `to`
 * (on its path, or among the pieces it carries in after). */
static int goes_on(const struct sense_expect *x, int from, int to)
{
	for (int i = 0; i < x->npath; i++)
		if (x->path[i] == from) {
			for (int j = i + 1; j < x->npath; j++)
				if (x->path[j] == to)
					return 1;
			return x->tail[to] > 0;
		}
	return x->tail[from] > 0 && x->tail[to] > (from == to);
}

/* pend[0..2) as one sowing begun, the pulse one of its pieces and the
 * drop a later one: the cheapest such reading (MATCH_FAR: none). A
 * reading with the pulse a stray and the drop the first of a sowing is
 * no slower hand: the pulse's own move and the drop the mover's next
 * move begun read that as well. */
static int one_sowing(const struct drops *d)
{
	int best = MATCH_FAR;

	for (int e = 0; e < d->nexpect; e++)
		if (goes_on(&d->expect[e], d->pend[0], d->pend[1]) &&
		    d->result[e].prefix_cost < best)
			best = d->result[e].prefix_cost;
	return best;
}

int drops_pace_together(struct drops *d, int whole_before, uint64_t gap)
{
	struct referee *ref = d->ref;
	int apart, together;

	if (!d->pace_one || d->npend != 2 || d->pace_move < 0 ||
	    d->pace_move >= d->nexpect || gap > drops_pace_step(ref, d) ||
	    others_begin(d, d->pend[1]))
		return 0;
	together = one_sowing(d);
	if (together >= DROPS_FOUL_AT)
		return 0;
	apart = next_begun(d);
	apart = whole_before + DROPS_COST_QUICK +
		(apart < DROPS_MISPLAY ? apart : DROPS_MISPLAY);
	return together + DROPS_MARGIN <= apart;
}
