/*
 * model_snapshot.c - reading a move from snapshots: the value of every
 * place at once (a count board, a camera counting pieces, a board
 * sensing occupancy), in the game's own snapshot text.
 *
 * A snapshot that differs from the position is compared with every
 * position the mover can reach this turn (a chain of moves when a move
 * gives another turn): the search fills the candidates, and the
 * decision takes the chain that leads exactly to the snapshot, takes or
 * holds one within the tolerance, asks when several fit as well, and
 * calls a foul when none comes near (a reading in ranges only when it
 * clearly shows none: model_snapshot_doubt.c). All the room the search
 * needs is taken when the referee opens the model or the game changes,
 * never per snapshot.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/model_snapshot_impl.h"
#include "referee/snapshot_text.h"

#include <ctype.h>

/* A reading in ranges and estimates makes one board of the turn
 * clearly the likeliest when its cost is this much lower than every
 * other's (nats: a likelihood ratio of e^4, about 55), and this much
 * (e^7, about 1100) when a place reads off it. */
#define EST_MARGIN 4.0
#define EST_MARGIN_OFF 7.0

/* Drop gates beside the counts: they see every move (the table has
 * them from its start, or a drop was sensed). */
static int beside_drops(const struct referee *ref)
{
	return ref->drops_seen || ref->cfg.drop_gates;
}

/* How far a board's `values` are from the snapshot: on an occupancy
 * board, the switches off that no stuck switch explains. */
static int distance(const struct snapshots *s, const int *values)
{
	if (s->ref->sense->occupancy)
		return snap_unexplained(s, values);
	return ref_seen_distance(s->ref, values, s->seen);
}

/* ------------------------------------------------------------ search */

/* The moves from node `at` that the board shows, as new nodes. */
static void expand(struct snapshots *s, int at)
{
	struct referee *ref = s->ref;
	const struct rules *ops = ref->game->ops;
	const void *from = snap_node_pos(s, at);
	size_t n = ops->legal_moves(ref->game, from, s->moves, ops->max_moves);

	if (n > ops->max_moves)
		n = ops->max_moves;
	for (size_t m = 0; m < n && (size_t)s->nnodes < s->nodes_max; m++) {
		struct snap_node *next = &s->nodes[s->nnodes];
		void *to = snap_node_pos(s, s->nnodes);
		struct rules_outcome out;

		if ((ref->sense->sensed != NULL &&
		     !ref->sense->sensed(ref->game, from, &s->moves[m])) ||
		    ops->move_format(ref->game, from, &s->moves[m], next->text,
				     sizeof(next->text)) < 0)
			continue;
		memcpy(to, from, s->pos_size);
		if (ops->apply(ref->game, to, &s->moves[m], &out, NULL, 0) < 0)
			continue;
		next->parent = at;
		next->move = s->moves[m];
		next->depth = s->nodes[at].depth + 1;
		if (!(out.flags & RULES_EXTRA_TURN) ||
		    (out.flags & RULES_GAME_OVER))
			next->depth = SNAP_CHAIN_MAX;	/* turn over */
		s->nnodes++;
	}
}

/* Node `at` as a candidate: nearer than the best, or as near. */
static void weigh(struct snapshots *s, int at, struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	int d;

	ref->sense->counts(ref->game, snap_node_pos(s, at), s->values);
	d = distance(s, s->values);
	if (c->best < 0 || d < c->distance) {
		c->best = at;
		c->distance = d;
		c->ties = 0;
	} else if (d == c->distance &&
		   memcmp(snap_node_pos(s, at), snap_node_pos(s, c->best),
			  s->pos_size) != 0) {
		c->ties++;
	}
}

/* Every position the mover can reach this turn, weighed against the
 * snapshot in s->seen. */
static void search(struct snapshots *s, struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	int seat = ref_mover(ref);

	c->best = -1;
	c->distance = 0;
	c->ties = 0;
	s->nodes[0] = (struct snap_node){ .parent = -1 };
	s->nnodes = 1;
	memcpy(snap_node_pos(s, 0), ref_pos_const(ref), s->pos_size);
	for (int at = 0; at < s->nnodes; at++) {
		const void *pos = snap_node_pos(s, at);

		if (at > 0) {
			weigh(s, at, c);
			/* The turn is over, or the chain as long as it may. */
			if (ref->game->ops->to_move(ref->game, pos).seat !=
			    seat || s->nodes[at].depth >= SNAP_CHAIN_MAX)
				continue;
		}
		expand(s, at);
	}
}

/* ---------------------------------------------------------- decision */

/* Plays the chain of moves that ends at node `at`, in order. */
void snap_play_chain(struct snapshots *s, int at, enum verdict_kind kind,
		     const struct ref_about *about, const char *note)
{
	static const struct ref_about sensed = { .cause = CAUSE_SENSED };
	int chain[SNAP_CHAIN_MAX + 1], n = 0;

	for (; at > 0 && n <= SNAP_CHAIN_MAX; at = s->nodes[at].parent)
		chain[n++] = at;
	while (n-- > 0)
		if (ref_accept(s->ref, &s->nodes[chain[n]].move,
			       n == 0 ? kind : VERDICT_ACCEPT,
			       n == 0 ? about : &sensed,
			       n == 0 ? note : "") < 0)
			return;
}

/* What the snapshot in s->seen shows against the position's values in
 * s->here, places emptied and filled ("d5 emptied, e6 filled"), the
 * places named in `about`. */
static void tell_change(struct snapshots *s, char *buf, size_t len,
			struct ref_about *about)
{
	struct referee *ref = s->ref;

	buf[0] = '\0';
	for (int filled = 0; filled < 2; filled++)
		for (int h = 0; h < ref->nholes; h++) {
			if (s->seen[h] == s->here[h] || s->seen[h] < 0 ||
			    s->suspect[h] == s->seen[h] + 1 ||
			    (s->seen[h] > s->here[h]) != filled)
				continue;
			ref_about_place(about, h);
			ref_append(buf, len, "%s%s %s", buf[0] ? ", " : "",
				   ref_hole_name(ref, h),
				   filled ? "filled" : "emptied");
		}
}

/*
 * Several moves fit equally, the board showing them alike: held, the
 * hold saying what part is missing and listing the moves that fit, in
 * its evidence ("missing=direction candidates=P*c3:n,P*c3:ne"), for
 * the arbiter or a page to enter the one made. The moves are gathered
 * into s->moves.
 */
static void ask_candidates(struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	const struct snap_node *best = &s->nodes[c->best];
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	char why[VERDICT_TEXT_MAX / 2], seen[160], list[VERDICT_EVIDENCE_MAX];
	const char *part;
	size_t n = 0;
	int shown = 0;

	list[0] = '\0';
	for (int at = 1; at < s->nnodes && n < s->moves_max; at++) {
		if (s->nodes[at].parent != 0)
			continue;
		ref->sense->counts(ref->game, snap_node_pos(s, at), s->values);
		if (distance(s, s->values) != c->distance)
			continue;
		s->moves[n++] = s->nodes[at].move;
		if (strlen(list) + strlen(s->nodes[at].text) + 2 <
		    sizeof(list) - 40) {
			ref_append(list, sizeof(list), "%s%s", shown ? "," : "",
				   s->nodes[at].text);
			shown++;
		}
	}
	part = ref->sense->missing(ref->game, ref_pos_const(ref), s->moves, n);
	tell_change(s, seen, sizeof(seen), &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "missing=%s candidates=%s%s%.0d decided=hold", part, list,
		 (size_t)shown < n ? " more=" : "",
		 (int)((size_t)shown < n ? n - (size_t)shown : 0));
	snprintf(why, sizeof(why), "%s fits %zu moves (%s%s); enter the %s",
		 seen, n, list, (size_t)shown < n ? ", ..." : "", part);
	ref_hold(ref, &best->move, best->text, &about, why, NULL);
}

/* Several reachable boards fit equally: the arbiter says which. */
void snap_ask(struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	const struct snap_node *best = &s->nodes[c->best];
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	char why[64];

	if (best->parent != 0) {
		ref_say(ref, VERDICT_NOTE, CAUSE_AMBIGUOUS, ref->ply + 1, NULL,
			"the snapshot fits %d turns of %s equally well; "
			"enter the moves", c->ties + 1, ref_mover_name(ref));
		return;
	}
	if (ref->sense->missing != NULL) {
		ask_candidates(s, c);
		return;
	}
	snprintf(why, sizeof(why), "the snapshot fits %d moves equally well",
		 c->ties + 1);
	ref_hold(ref, &best->move, best->text, &about, why, NULL);
}

/* One reachable board fits within the tolerance, not exactly. */
static void take_near(struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	const struct snap_node *best = &s->nodes[c->best];
	struct ref_about about = { .cause = CAUSE_SNAPSHOT_OFF };
	char why[256], note[300];

	ref->sense->counts(ref->game, snap_node_pos(s, c->best), s->values);
	ref_disagreement(ref, s->seen, s->values, why, sizeof(why), &about);
	snprintf(note, sizeof(note), "snapshot: %s", why);
	if (ref->cfg.snapshot_confirm && best->parent == 0)
		ref_hold(ref, &best->move, best->text, &about, note,
			 NULL);
	else
		snap_play_chain(s, c->best, VERDICT_WARN, &about, note);
}

/* No reachable board comes near: a foul, the board to be put back. */
void snap_refuse_board(struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	struct ref_about about = { .cause = CAUSE_NO_FIT };
	char why[256], near[300] = "";

	if (ref->sense->occupancy) {
		tell_change(s, why, sizeof(why), &about);
		ref_say_about(ref, VERDICT_FOUL, &about, ref->ply + 1, NULL,
			      "%s: no piece of %s can make that move; "
			      "restore the board", why, ref_mover_name(ref));
		ref_await_restore(ref);
		return;
	}
	if (c->best > 0) {
		ref->sense->counts(ref->game, snap_node_pos(s, c->best), s->values);
		ref_disagreement(ref, s->seen, s->values, why, sizeof(why), &about);
		snprintf(near, sizeof(near), " (nearest %s: %s)",
			 s->nodes[c->best].text, why);
	}
	ref_say_about(ref, VERDICT_FOUL, &about, ref->ply + 1, NULL,
		      "no legal move of %s leads to the board seen%s; "
		      "restore the board", ref_mover_name(ref), near);
	ref_await_restore(ref);
}

/* The board `seen` with place `fix` read `by` more (a misread put
 * right; `fix` -1: none) against `here`: pieces moved, as many on the
 * board, some places fewer and some more, two or more off. */
static int moved_as_read(const struct snapshots *s, int fix, int by)
{
	struct referee *ref = s->ref;
	int seen = 0, here = 0, fewer = 0, more = 0, off = 0;

	for (int h = 0; h < ref->nholes; h++) {
		int v = s->seen[h] + (h == fix ? by : 0);

		seen += v;
		here += s->here[h];
		fewer += v < s->here[h];
		more += v > s->here[h];
		off += abs(v - s->here[h]);
	}
	return seen == here && fewer > 0 && more > 0 && off >= 2;
}

/*
 * Pieces moved, not misread: every place read exactly, as many pieces
 * as on the board (or one more or less, one place misread by one on top
 * of the move: put right, toward the board), some places fewer and some
 * more, and more than one piece off (a count source misreads one place
 * by one; pieces lifted and sown keep their number).
 */
static int pieces_moved(const struct snapshots *s)
{
	struct referee *ref = s->ref;
	int seen = 0, here = 0;

	if (ref_seen_distance(ref, s->here, s->seen) < 2)
		return 0;
	for (int h = 0; h < ref->nholes; h++) {
		if (ref->seen_hi != NULL && ref->seen_hi[h] != s->seen[h])
			return 0;
		seen += s->seen[h];
		here += s->here[h];
	}
	if (seen == here)
		return moved_as_read(s, -1, 0);
	if (abs(seen - here) != 1)
		return 0;
	for (int h = 0; h < ref->nholes; h++)
		if ((here - seen) * (s->here[h] - s->seen[h]) > 0 &&
		    moved_as_read(s, h, here - seen))
			return 1;
	return 0;
}

/* Beside drop gates: pieces moved that no sowing sensed and no move of
 * the mover explains (a sowing whose every drop went unsensed, out of
 * turn or from the wrong pit): a foul, the places named, the board to
 * be put back. */
static void moved_unsensed(struct snapshots *s, const char *last)
{
	struct referee *ref = s->ref;
	struct ref_about about = { .cause = CAUSE_NO_FIT };
	char why[256];

	ref_disagreement(ref, s->seen, s->here, why, sizeof(why), &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s counts=moved checked=drops decided=foul",
		 last[0] ? last : "-");
	ref_say_about(ref, VERDICT_FOUL, &about, ref->ply + 1, NULL,
		      "%s moved with no %s sensed, and no move of %s leaves "
		      "the board seen (%s); restore the board",
		      ref_words(ref)->pieces, ref_words(ref)->doing,
		      ref_mover_name(ref), why);
	ref_await_restore(ref);
}

/*
 * Beside drop gates, with no move of theirs waiting: a board that no
 * move of the mover leaves exactly disagrees with the sowing the drops
 * read last (or the position set). Pieces moved: a foul. Otherwise
 * (a count misread) a warning about that move, the places to look at
 * named, for the arbiter to check against the frame; play goes on.
 */
static void check_disagrees(struct snapshots *s)
{
	struct referee *ref = s->ref;
	struct ref_about about = { .cause = CAUSE_SNAPSHOT_FAR };
	const char *last = ref->was_move[ref->depth] ?
			   ref->move_text[ref->depth] : "";
	char why[256];

	if (pieces_moved(s)) {
		moved_unsensed(s, last);
		return;
	}
	ref_disagreement(ref, s->seen, s->here, why, sizeof(why), &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s counts=disagree checked=drops decided=warn",
		 last[0] ? last : "-");
	ref_say_about(ref, VERDICT_WARN, &about, ref->ply, last[0] ? last :
		      NULL, "the board seen disagrees with %s%s: %s; check "
		      "the board", last[0] ? last : "the position",
		      last[0] ? " as the drops read it" : "", why);
}

/* The board a little off the position, no move near it: a warning. */
void snap_warn_far(struct snapshots *s)
{
	struct referee *ref = s->ref;
	struct ref_about about = { .cause = CAUSE_SNAPSHOT_FAR };
	char why[256];

	ref_disagreement(ref, s->seen, s->here, why, sizeof(why), &about);
	ref_say_about(ref, VERDICT_WARN, &about, ref->ply, NULL,
		      "snapshot disagrees with the board: %s", why);
}

/*
 * A reading in ranges and estimates (a camera's): the board of the turn
 * clearly likelier than every other taken, read exactly or a seed off
 * (within the tolerance, not beside drop gates), the place off warned
 * about. 1 when taken.
 */
static int take_likeliest(struct snapshots *s, struct snap_candidates *c,
			  int tolerance)
{
	struct referee *ref = s->ref;
	struct snap_candidates l = *c;
	struct ref_about about = { .cause = CAUSE_SENSED };
	char why[256] = "", note[300] = "";
	double margin;

	if (!s->has_est || ref->seen_hi == NULL ||
	    !snap_likeliest(s, &l, &margin) ||
	    l.distance > (beside_drops(ref) || tolerance < 1 ? 0 : 1) ||
	    margin < (l.distance > 0 ? EST_MARGIN_OFF : EST_MARGIN))
		return 0;
	if (l.distance > 0) {
		about.cause = CAUSE_SNAPSHOT_OFF;
		ref_disagreement(ref, s->seen, s->values, why, sizeof(why),
				 &about);
		snprintf(note, sizeof(note), "snapshot: %s; taken as by far "
			 "the likeliest board", why);
	}
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s counts=likeliest margin=%.1f off=%d decided=take",
		 s->nodes[l.best].text, margin, l.distance);
	snap_play_chain(s, l.best, l.distance > 0 ? VERDICT_WARN :
			VERDICT_ACCEPT, &about, note);
	return 1;
}

static void decide(struct snapshots *s, struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	/* Beside drop gates, the counts see every move: a board more than
	 * a misread count away from any is no sensor matter. */
	int tolerance = ref->drops_seen && ref->cfg.snapshot_tolerance > 1 ?
			1 : ref->cfg.snapshot_tolerance;
	int near = c->best > 0 && c->distance <= tolerance &&
		   c->distance < c->here;

	if (ref->sense->occupancy) {
		snap_decide_occupancy(s, c);
	} else if (c->best > 0 && c->distance == 0 && c->ties == 0) {
		snap_play_chain(s, c->best, VERDICT_ACCEPT,
			   &(struct ref_about){ .cause = CAUSE_SENSED }, "");
	} else if (take_likeliest(s, c, tolerance)) {
		return;
	} else if (near && c->ties > 0) {
		snap_ask(s, c);
	} else if (near) {
		take_near(s, c);
	} else if (ref->drops_seen) {
		check_disagrees(s);
	} else if (c->here <= tolerance) {
		snap_warn_far(s);
	} else if (!snap_doubt(s, tolerance)) {
		snap_refuse_board(s, c);
	}
}

/* ------------------------------------------------------------- model */

/* After a foul: the board put back near enough ends it. On an
 * occupancy board only stuck switches are forgiven at once, a square
 * off being maybe a piece still in the hand; a board that stays one
 * square off for the settle time, that square read occupied, ends it
 * too (`still`), its switch suspect from then on (a square read empty
 * is a piece still in the hand, however long). */
static void restoring(struct snapshots *s, int here_d, int still)
{
	struct referee *ref = s->ref;
	struct ref_about about = { .cause = CAUSE_RESTORED };
	char why[256];
	int near = !ref->sense->occupancy ? ref->cfg.snapshot_tolerance :
		   still ? 1 : 0;

	if (here_d > near)
		return;
	/* Still, a square read empty under a piece is a piece in the
	 * hand: the board is not back. */
	for (int h = 0; ref->sense->occupancy && h < ref->nholes; h++)
		if (s->seen[h] >= 0 && s->seen[h] < s->here[h] &&
		    s->suspect[h] != s->seen[h] + 1)
			return;
	ref_disagreement(ref, s->seen, s->here, why, sizeof(why), &about);
	ref_restored(ref, &about, why);
	snap_suspect_update(s);
}

/*
 * How far the snapshot `seen` is from the end being put away: from the
 * final board, or from the board the last move left before the end's
 * own bookkeeping (pieces not yet swept), or any board between the two,
 * place by place, a place read as a range matching when any count in
 * it does (a place not read at all matches any). A count misread is one
 * place off by one, and one piece more or less in all; pieces moved
 * keep their number: the least of them makes the distance 2.
 */
static int end_distance(const struct referee *ref, const int *seen,
			const int *final)
{
	int out = 0, total_lo = 0, total_hi = 0;

	for (int h = 0; h < ref->nholes; h++) {
		int a = ref->end_unswept_set ? ref->end_unswept[h] : final[h];
		int b = final[h], lo = a < b ? a : b, hi = a < b ? b : a;
		int s_lo = seen[h];
		int s_hi = ref->seen_hi != NULL ? ref->seen_hi[h] : s_lo;

		out += s_lo > hi ? s_lo - hi : s_hi < lo ? lo - s_hi : 0;
		total_lo += s_lo - b;
		total_hi += s_hi - b;
	}
	return out > 0 && total_lo == 0 && total_hi == 0 ? out + 1 : out;
}

/* A snapshot after the end of the game: the end put away, one count
 * misread, or play after the end (a foul, as the drops would call it). */
static void after_end(struct snapshots *s)
{
	struct referee *ref = s->ref;
	struct ref_about about = { .cause = CAUSE_AFTER_END };
	char differ[240];

	ref->sense->counts(ref->game, ref_pos_const(ref), s->here);
	if (end_distance(ref, s->seen, s->here) <= 1)
		return;
	/* Against the board as the last move left it. */
	ref_disagreement(ref, s->seen, ref->end_unswept_set ?
			 ref->end_unswept : s->here, differ, sizeof(differ),
			 &about);
	snprintf(about.evidence, sizeof(about.evidence),
		 "counts=after-end decided=foul");
	ref_say_about(ref, VERDICT_FOUL, &about, ref->ply, NULL,
		      "the game is over: restore the board (the counts show "
		      "play after the end: %s)", differ);
	ref_await_restore(ref);
}

/* The snapshot into s->seen (and s->seen_hi); -1 with why in `err`. */
static int parse(struct referee *ref, struct snapshots *s, const char *text,
		 char *err, size_t errlen)
{
	char ends[OBS_TEXT_MAX];
	int n = ref->nholes;

	ref->seen_hi = NULL;
	s->has_est = 0;
	if (snap_range_ends(text, 0, ends, sizeof(ends)) == 0)
		return ref->sense->snapshot_parse(ref->game, text, s->seen, err,
						  errlen);
	if (strchr(text, '~') != NULL) {
		char est[OBS_TEXT_MAX];

		snap_estimate_text(text, est, sizeof(est));
		s->has_est = ref->sense->snapshot_parse(ref->game, est, s->est,
							err, errlen) == 0;
	}
	if (ref->sense->snapshot_parse(ref->game, ends, s->seen, err,
				       errlen) < 0)
		return -1;
	snap_range_ends(text, 1, ends, sizeof(ends));
	if (ref->sense->snapshot_parse(ref->game, ends, s->seen_hi, err,
				       errlen) < 0)
		return -1;
	for (int h = 0; h < n; h++)
		if (s->seen_hi[h] < s->seen[h]) {
			snprintf(err, errlen, "range %d-%d runs backwards",
				 s->seen[h], s->seen_hi[h]);
			return -1;
		}
	ref->seen_hi = s->seen_hi;
	return 0;
}

static void consider(struct referee *ref, struct snapshots *s,
		     uint64_t t_us);
static void judge(struct snapshots *s, struct snap_candidates *c);

static void snapshot_feed(struct referee *ref, void *state,
			  const struct observation *obs)
{
	struct snapshots *s = state;
	char err[RULES_ERR_MAX];

	if (ref->state == REF_IDLE && !ref->in_game)
		return;
	ref->snapshots_seen = 1;
	if (parse(ref, s, obs->text, err, sizeof(err)) < 0) {
		ref->seen_hi = NULL;
		ref_say(ref, VERDICT_NOTE, CAUSE_SNAPSHOT_BAD, ref->ply, NULL,
			"unreadable snapshot ignored: %s", err);
		return;
	}
	consider(ref, s, obs->t_us);
	if (ref->state == REF_PLAY && !ref->sense->occupancy &&
	    s->nodes != NULL)
		snap_keep_reading(s);
	ref->seen_hi = NULL;
}

/* A snapshot just read: play after the end, a board being restored, or
 * one to judge (once still, on a board whose game says it settles). */
static void consider(struct referee *ref, struct snapshots *s,
		     uint64_t t_us)
{
	struct snap_candidates c;

	if (ref->state == REF_IDLE) {
		after_end(s);
		return;
	}
	snap_watch_switches(s);
	ref->sense->counts(ref->game, ref_pos_const(ref), s->here);
	c.here = distance(s, s->here);
	if (ref->state == REF_RESTORE) {
		/* After the end, the end put away is the board back. */
		int d = ref->after_end ? end_distance(ref, s->seen, s->here) :
			c.here;

		s->settle_at = 0;
		if (d == 1 && ref->sense->occupancy &&
		    ref->cfg.settle_us > 0) {
			memcpy(s->pending, s->seen, (size_t)ref->nholes *
			       sizeof(*s->seen));
			s->settle_at = t_us + ref->cfg.settle_us;
		}
		restoring(s, d, 0);
		return;
	}
	if (ref->sense->settles && ref->cfg.settle_us > 0) {
		/* Judged once still; the board back as it was is no move. */
		s->settle_at = 0;
		if (c.here == 0 || ref->state != REF_PLAY ||
		    snap_unexplained(s, s->here) == 0)
			return;
		memcpy(s->pending, s->seen, (size_t)ref->nholes *
		       sizeof(*s->seen));
		s->settle_at = t_us + ref->cfg.settle_us;
		if (s->settle_at == 0)
			s->settle_at = 1;
		return;
	}
	judge(s, &c);
}

/* A snapshot in s->seen, s->here the position's values, c->here the
 * distance between them. */
static void judge(struct snapshots *s, struct snap_candidates *c)
{
	struct referee *ref = s->ref;

	/* A sowing still under way says nothing yet (beside drop gates,
	 * unless their drops are the whole of it: then a place misread,
	 * which the drops model judges); else the models that follow or
	 * hold a move judge it with the counts first. */
	if (beside_drops(ref) &&
	    ref_counted(ref, &sense_model_snapshots, s->seen))
		return;
	if (ref->seen_hi == NULL && ref->sense->under_way != NULL &&
	    ref->sense->under_way(ref->game, ref_pos_const(ref), s->seen))
		return;
	if (ref_counted(ref, &sense_model_snapshots, s->seen) ||
	    ref->state == REF_HELD)
		return;
	/* A reading that fits the board as it was is no move, unless it
	 * is a camera's in ranges whose estimates clearly show one (the
	 * places a move changes read as wide ranges: washed out by glare,
	 * or heaps), away from drop gates (which see every move). */
	if (c->here == 0) {
		if (!s->has_est || ref->seen_hi == NULL || beside_drops(ref) ||
		    s->nodes == NULL)
			return;
		search(s, c);
		snap_take_unmoved(s, c);
		return;
	}
	if (s->nodes == NULL) {
		ref_say(ref, VERDICT_NOTE, CAUSE_NO_MEMORY, ref->ply, NULL,
			"out of memory: snapshot ignored");
		return;
	}
	search(s, c);
	decide(s, c);
	snap_suspect_update(s);
}

static uint64_t snapshot_deadline(const struct referee *ref,
				  const void *state)
{
	const struct snapshots *s = state;

	(void)ref;
	return s->settle_at;
}

/* The board has been still for the settle time: its last snapshot is
 * judged against the position as it is now (or, a board being put
 * back, taken as put back when only one square is off). */
static void snapshot_finish(struct referee *ref, void *state)
{
	struct snapshots *s = state;
	struct snap_candidates c;

	s->settle_at = 0;
	if (ref->state != REF_PLAY && ref->state != REF_RESTORE)
		return;
	memcpy(s->seen, s->pending, (size_t)ref->nholes * sizeof(*s->seen));
	ref->sense->counts(ref->game, ref_pos_const(ref), s->here);
	c.here = distance(s, s->here);
	if (ref->state == REF_RESTORE)
		restoring(s, ref->after_end ? end_distance(ref, s->seen,
			  s->here) : c.here, 1);
	else
		judge(s, &c);
}

/* Room for the search in the game's positions; none when out of memory
 * (each snapshot then says so). */
static void snapshot_use_game(struct referee *ref, void *state)
{
	struct snapshots *s = state;
	size_t max_moves = ref->game->ops->max_moves;
	size_t nodes = max_moves + 1 > SNAP_NODES_MIN ? max_moves + 1 :
		       SNAP_NODES_MIN;

	s->pos_size = ref->pos_size;
	if (s->nodes != NULL && s->pos_cap >= ref->pos_size &&
	    s->moves_max >= max_moves && s->nodes_max >= nodes)
		return;
	free(s->moves);
	free(s->nodes);
	free(s->pos);
	s->moves = calloc(max_moves + 1, sizeof(*s->moves));
	s->nodes = calloc(nodes, sizeof(*s->nodes));
	s->pos = calloc(nodes + 1, ref->pos_size);	/* and the kept one's */
	s->has_kept = 0;
	s->moves_max = max_moves;
	s->nodes_max = nodes;
	s->pos_cap = ref->pos_size;
	if (s->moves == NULL || s->pos == NULL) {
		free(s->nodes);
		s->nodes = NULL;
	}
}

static void snapshot_close(void *state)
{
	struct snapshots *s = state;

	if (s == NULL)
		return;
	free(s->seen);
	free(s->moves);
	free(s->nodes);
	free(s->pos);
	free(s);
}

static void *snapshot_open(struct referee *ref)
{
	size_t places = (size_t)ref->nholes + 1;
	struct snapshots *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->ref = ref;
	s->seen = calloc(8 * places, sizeof(*s->seen));
	if (s->seen == NULL) {
		snapshot_close(s);
		return NULL;
	}
	s->here = s->seen + places;
	s->values = s->here + places;
	s->seen_hi = s->values + places;
	s->pending = s->seen_hi + places;
	s->suspect = s->pending + places;
	s->est = s->suspect + places;
	s->kept_est = s->est + places;
	snapshot_use_game(ref, s);
	if (s->nodes == NULL) {
		snapshot_close(s);
		return NULL;
	}
	return s;
}

const struct sense_model sense_model_snapshots = {
	.name = "snapshots",
	.reads = SENSE_READS(OBS_SNAPSHOT),
	.open = snapshot_open,
	.close = snapshot_close,
	.feed = snapshot_feed,
	.use_game = snapshot_use_game,
	.deadline = snapshot_deadline,
	.finish = snapshot_finish,
};
