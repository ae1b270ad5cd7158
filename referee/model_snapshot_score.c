/*
 * model_snapshot_score.c - the boards of the turn weighed against a
 * reading in ranges and estimates (a camera's): how unlikely each board
 * makes the reading, place by place, and the one clearly likelier than
 * every other board the turn may leave.
 *
 * A place read as an exact count (pieces lying apart, counted) is
 * rarely wrong, and then most often short by one (a piece hidden under
 * another, or the floor's colour); a place read as a range is weighed
 * by its estimate (snap_estimate_place()), and a count outside the
 * range costs about as much per piece as an exact count missed.
 *
 * The boards weighed are every board of the turn the search found (a
 * chain of moves a little less likely than one move), the board as it
 * was, and the last move taken back; a move is taken only when its
 * board is likelier than every other by the margin asked. A reading
 * that fits the board as it was within its ranges is a move only when
 * the places the move changes also show the change against the last
 * reading kept of that board: the board is read whenever it is still,
 * and a still board read again differs from its last reading by noise
 * alone.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/model_snapshot_impl.h"
#include "referee/snapshot_text.h"

/* Nats per piece an exact count is off: short by one (a piece hidden
 * beside others), read empty over one piece (nothing of it seen), over
 * by one, and each piece further. */
#define EXACT_SHORT 5.0
#define EXACT_MISSED 8.0
#define EXACT_OVER 6.0
#define EXACT_FAR 12.0
/* Nats per piece a count lies outside a range. */
#define RANGE_OUT 6.0
/* Nats per move of a chain past its first: the camera reads the board
 * whenever it is still, so that two moves between two readings need a
 * hand that did not leave the board for the settle time. */
#define CHAIN_MOVE 1.5
/* A reading that fits the board as it was within its ranges: a move
 * must be this much likelier (e^5, about 150) than that board, which is
 * read whenever it is still and so is likelier before any reading than
 * a move; and the places the move changes must show that change
 * against the last reading of the board as it was by as much (a still
 * board read again differs from its last reading by noise alone). */
#define EST_MARGIN_UNMOVED 5.0
#define CHANGE_MARGIN 5.0

/* How unlikely v pieces in place h make its reading, in nats. */
static double place_cost(const struct snapshots *s, int h, int v)
{
	int lo = s->seen[h], hi = s->ref->seen_hi != NULL ?
				 s->ref->seen_hi[h] : lo;
	int d;

	if (lo == hi) {
		d = v - lo;
		return d == 0 ? 0 : d == 1 ? (lo == 0 ? EXACT_MISSED :
		       EXACT_SHORT) : d == -1 ? EXACT_OVER : EXACT_FAR * abs(d);
	}
	d = ref_seen_off(s->ref, s->seen, h, v);
	if (s->est[h] == SNAP_EST_NONE)
		return RANGE_OUT * d;
	return RANGE_OUT * d + snap_estimate_place(s->est[h] / 10.0, v);
}

double snap_board_cost(const struct snapshots *s, const int *values)
{
	double cost = 0;

	for (int h = 0; h < s->ref->nholes; h++)
		cost += place_cost(s, h, values[h]);
	return cost;
}

/* The moves of the chain that ends at node `at`. */
static int chain_length(const struct snapshots *s, int at)
{
	int n = 0;

	for (; at > 0 && n <= SNAP_CHAIN_MAX; at = s->nodes[at].parent)
		n++;
	return n;
}

/* The last move taken back, its board into s->values: 1, or 0 when
 * there is none. */
static int taken_back(const struct snapshots *s)
{
	const struct referee *ref = s->ref;

	if (ref->depth <= 0 || !ref->was_move[ref->depth])
		return 0;
	ref->sense->counts(ref->game, ref->history +
			   (size_t)(ref->depth - 1) * ref->pos_size, s->values);
	return 1;
}

/* The cost of the board as it was and of the last move taken back,
 * the lesser. */
static double cost_not_moved(struct snapshots *s)
{
	double cost = snap_board_cost(s, s->here);

	if (taken_back(s)) {
		double back = snap_board_cost(s, s->values);

		cost = back < cost ? back : cost;
	}
	return cost;
}

int snap_likeliest(struct snapshots *s, struct snap_candidates *c,
		   double *margin)
{
	struct referee *ref = s->ref;
	double best = HUGE_VAL, second = HUGE_VAL, other;
	int at_best = -1;

	for (int at = 1; at < s->nnodes; at++) {
		double cost;

		if (at_best >= 0 && memcmp(snap_node_pos(s, at),
					   snap_node_pos(s, at_best),
					   s->pos_size) == 0)
			continue;
		ref->sense->counts(ref->game, snap_node_pos(s, at), s->values);
		cost = snap_board_cost(s, s->values) +
		       CHAIN_MOVE * (chain_length(s, at) - 1);
		if (cost < best) {
			second = best;
			best = cost;
			at_best = at;
		} else if (cost < second) {
			second = cost;
		}
	}
	if (at_best < 0)
		return 0;
	other = cost_not_moved(s);
	*margin = (other < second ? other : second) - best;
	ref->sense->counts(ref->game, snap_node_pos(s, at_best), s->values);
	c->best = at_best;
	c->distance = ref_seen_distance(ref, s->values, s->seen);
	return 1;
}

/* ------------------------------------------------- the board read again */

/* Pieces two readings of the same still board differ by per place, at
 * one standard deviation, with v pieces there: light and noise change
 * little between two frames, and what biases one reading of a place
 * (glare read as a piece, a piece hidden) biases the other alike. */
static double reread_noise(int v)
{
	return 0.25 + 0.05 * v;
}

/* A place's estimate in the reading being judged (tenths), as kept. */
static int estimate_now(const struct snapshots *s, int h)
{
	const int *hi = s->ref->seen_hi;

	if (s->has_est)
		return s->est[h];
	return hi == NULL || hi[h] == s->seen[h] ? 10 * s->seen[h] :
	       SNAP_EST_NONE;
}

double snap_change_shown(const struct snapshots *s, const int *values)
{
	const struct referee *ref = s->ref;
	double llr = 0;

	if (!s->has_kept ||
	    memcmp(snap_kept_pos(s), ref_pos_const(ref), s->pos_size) != 0)
		return -HUGE_VAL;
	/* Only the places the move changes tell it from the board read
	 * again (elsewhere both expect the reading kept); a place with no
	 * estimate in either reading (washed out) tells nothing. */
	for (int h = 0; h < ref->nholes; h++) {
		int now = estimate_now(s, h), was = s->kept_est[h];
		int d = values[h] - s->here[h];
		double sd, seen;

		if (d == 0 || now == SNAP_EST_NONE || was == SNAP_EST_NONE)
			continue;
		sd = reread_noise(values[h] > s->here[h] ? values[h] :
				  s->here[h]);
		seen = (now - was) / 10.0;
		llr += (2 * seen * d - (double)d * d) / (2 * sd * sd);
	}
	return llr;
}

void snap_keep_reading(struct snapshots *s)
{
	struct referee *ref = s->ref;

	ref->sense->counts(ref->game, ref_pos_const(ref), s->here);
	if (ref_seen_distance(ref, s->here, s->seen) != 0)
		return;
	for (int h = 0; h < ref->nholes; h++)
		s->kept_est[h] = estimate_now(s, h);
	memcpy(snap_kept_pos(s), ref_pos_const(ref), s->pos_size);
	s->has_kept = 1;
}

/*
 * A camera's reading that fits the board as it was within its ranges
 * (the places a move changes washed out by glare, or read as wide
 * ranges): a move only when its board is clearly the likeliest, by
 * EST_MARGIN_UNMOVED over the board as it was, and the places it
 * changes show that change against the last reading kept of the board
 * as it was, by CHANGE_MARGIN. Held, the move and its places named,
 * where the table confirms what is not read exactly.
 */
void snap_take_unmoved(struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	struct snap_candidates l = *c;
	struct ref_about about = { .cause = CAUSE_SENSED };
	const struct snap_node *best;
	char places[160] = "", why[300];
	double margin, change;
	int confirm = ref->cfg.snapshot_confirm;

	if (!snap_likeliest(s, &l, &margin) || l.distance > 0 ||
	    margin < EST_MARGIN_UNMOVED)
		return;
	change = snap_change_shown(s, s->values);
	if (change < CHANGE_MARGIN)
		return;
	best = &s->nodes[l.best];
	for (int h = 0; h < ref->nholes; h++)
		if (s->values[h] != s->here[h]) {
			ref_about_place(&about, h);
			ref_append(places, sizeof(places), "%s%s",
				   places[0] ? ", " : "", ref_hole_name(ref, h));
		}
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s counts=unmoved margin=%.1f change=%.1f decided=%s",
		 best->text, margin, change, confirm ? "hold" : "take");
	if (!confirm) {
		snap_play_chain(s, l.best, VERDICT_ACCEPT, &about, "");
		return;
	}
	snprintf(why, sizeof(why), "the board reads as it was within its "
		 "ranges, but the estimates of %s changed as %s changes "
		 "them; check %s", places, best->text, places);
	if (best->parent != 0)
		ref_say_about(ref, VERDICT_NOTE, &about, ref->ply + 1, NULL,
			      "%s; enter the moves", why);
	else
		ref_hold(ref, &best->move, best->text, &about, why, NULL);
}
