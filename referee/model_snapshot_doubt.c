/*
 * model_snapshot_doubt.c - a snapshot read as ranges (a camera's) that
 * no board of the turn fits: a foul only when the reading clearly
 * shows none of the boards the turn may leave (the mover's moves and
 * chains, the board as it was, the last move taken back); where it may
 * only be read wrong, held, the places in doubt named.
 *
 * A place is read clearly against a value when its reading is exact
 * (pieces lying apart, counted), when its range has no estimate, or
 * when its estimate (the pieces its visible area makes) is far above
 * the value: what the camera sees there is more than the value and not
 * by a little. A reading under the value is a doubt unless the value is
 * far above it (at least twice the range's top and two more than it):
 * heaped pieces hide one another, and a piece in the shade or of the
 * floor's colour may not show, but a place read empty or nearly does
 * not hide a handful. A reading whose low ends add up to more pieces
 * than the board holds is read high as a whole: in doubt too; so is one
 * with a place not read at all (any count, no estimate).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "referee/model_snapshot_impl.h"
#include "referee/snapshot_text.h"

/* Pieces place h is clearly off the value v by (0: in range, or in
 * doubt). */
static int clear_off(const struct snapshots *s, int h, int v)
{
	const struct referee *ref = s->ref;
	int lo = s->seen[h], hi = ref->seen_hi != NULL ? ref->seen_hi[h] : lo;
	int est = s->has_est ? s->est[h] : SNAP_EST_NONE;

	if (v >= lo && v <= hi)
		return 0;
	if (v < lo) {
		if (lo == hi || est == SNAP_EST_NONE)
			return lo - v;
		return est / 10.0 - v > 0.5 + 0.3 * v ? lo - v : 0;
	}
	return v - hi >= (hi + 1 > 2 ? hi + 1 : 2) ? v - hi : 0;
}

/* How clearly the snapshot is off the board `values`. */
int snap_clear_distance(const struct snapshots *s, const int *values)
{
	int d = 0;

	for (int h = 0; h < s->ref->nholes; h++)
		d += clear_off(s, h, values[h]);
	return d;
}

/* The nearest board of the turn as clearly read, into *at (a node; 0:
 * the board as it was; -1: the last move taken back) and its clear
 * distance into *clear. Among the moves, the nearest by the plain
 * distance breaks ties. */
static void nearest(struct snapshots *s, int *at, int *clear)
{
	struct referee *ref = s->ref;
	int plain = 0;

	*at = 0;
	*clear = snap_clear_distance(s, s->here);
	for (int n = 1; n < s->nnodes; n++) {
		int d, p;

		ref->sense->counts(ref->game, snap_node_pos(s, n), s->values);
		d = snap_clear_distance(s, s->values);
		p = ref_seen_distance(ref, s->values, s->seen);
		if (d < *clear || (d == *clear && (*at <= 0 || p < plain))) {
			*at = n;
			*clear = d;
			plain = p;
		}
	}
	if (ref->depth > 0 && ref->was_move[ref->depth]) {
		const void *before = ref->history +
				     (size_t)(ref->depth - 1) * ref->pos_size;

		ref->sense->counts(ref->game, before, s->values);
		if (snap_clear_distance(s, s->values) < *clear) {
			*at = -1;
			*clear = snap_clear_distance(s, s->values);
		}
	}
}

/* The reading's low ends add up to more pieces than the board holds:
 * the frame is read high as a whole (a seed's area misjudged), not
 * clearly read. */
static int over_total(const struct snapshots *s)
{
	int seen = 0, here = 0;

	for (int h = 0; h < s->ref->nholes; h++) {
		seen += s->seen[h];
		here += s->here[h];
	}
	return seen > here;
}

/* A place read as any count from none up (a camera's place washed out
 * by glare: a range from none to at least every piece on the board, or
 * a range from none with no estimate when the others have one), or from
 * the pieces seen there up to every piece, with no estimate: pieces
 * may lie there unseen, a move the mover made there unnoticed, so no
 * board is clearly wrong. */
static int unread_place(const struct snapshots *s)
{
	const struct referee *ref = s->ref;
	int pieces = 0;

	for (int h = 0; h < ref->nholes; h++)
		pieces += s->here[h];
	for (int h = 0; h < ref->nholes; h++) {
		int none = s->has_est && s->est[h] == SNAP_EST_NONE;

		if (ref->seen_hi[h] <= 0)
			continue;
		if (s->seen[h] == 0 && (ref->seen_hi[h] >= pieces || none))
			return 1;
		/* some pieces seen there, how many more not told */
		if (ref->seen_hi[h] >= pieces && (none || !s->has_est))
			return 1;
	}
	return 0;
}

/*
 * The snapshot (with ranges) fits no board of the turn within the
 * tolerance: when one of them is within it as clearly read, the
 * reading is in doubt: the move held (a single move of the mover), or
 * a warning (the board as it was, a chain, the move taken back), the
 * places that disagree named. 1 when so; 0 when the reading clearly
 * fits none (a foul).
 */
int snap_doubt(struct snapshots *s, int tolerance)
{
	struct referee *ref = s->ref;
	struct ref_about about = { .cause = CAUSE_SNAPSHOT_OFF };
	char why[256], note[400];
	int at, clear;

	if (ref->seen_hi == NULL)
		return 0;
	nearest(s, &at, &clear);
	if (clear > tolerance && !over_total(s) && !unread_place(s))
		return 0;
	if (at > 0)
		ref->sense->counts(ref->game, snap_node_pos(s, at), s->values);
	else if (at < 0)
		ref->sense->counts(ref->game, ref->history +
				   (size_t)(ref->depth - 1) * ref->pos_size,
				   s->values);
	else
		memcpy(s->values, s->here, sizeof(*s->values) *
		       (size_t)ref->nholes);
	ref_disagreement(ref, s->seen, s->values, why, sizeof(why), &about);
	if (at > 0 && s->nodes[at].parent == 0) {
		snprintf(about.evidence, sizeof(about.evidence),
			 "move=%s counts=doubt clear-off=%d decided=hold",
			 s->nodes[at].text, clear);
		snprintf(note, sizeof(note), "the frame is not read clearly "
			 "enough to call a foul (%s)", why);
		ref_hold(ref, &s->nodes[at].move, s->nodes[at].text, &about,
			 note, NULL);
		return 1;
	}
	about.cause = CAUSE_SNAPSHOT_FAR;
	snprintf(about.evidence, sizeof(about.evidence),
		 "counts=doubt clear-off=%d decided=warn", clear);
	ref_say_about(ref, VERDICT_WARN, &about, ref->ply, NULL,
		      "the board seen is not read clearly enough to call a "
		      "foul; nearest %s: %s; check the board",
		      at > 0 ? s->nodes[at].text : at < 0 ?
		      "the last move taken back" : "the board as it was",
		      why);
	return 1;
}
