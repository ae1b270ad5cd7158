/*
 * model_occupancy.c - the snapshot model on a board that senses
 * occupancy (a switch under every square): which switches are stuck
 * (learnt when one keeps reading against the board, or said by the
 * board with a square it cannot read), left out of every reading and
 * told; and the decision on a settled board, where only a stuck switch
 * is forgiven, one switch more off a legal board is held, never a foul,
 * and a piece carried where no move goes is a foul.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "referee/model_snapshot_impl.h"

/* Places where `seen` and `want` differ that no stuck switch explains:
 * a switch known stuck reading its stuck value, or one the board says
 * it cannot read (-1), tells nothing. */
int snap_unexplained(const struct snapshots *s, const int *want)
{
	int d = 0;

	for (int h = 0; h < s->ref->nholes; h++)
		d += s->seen[h] != want[h] && s->seen[h] >= 0 &&
		     s->suspect[h] != s->seen[h] + 1;
	return d;
}

/* Says that square `h`'s switch is stuck (`how`), or works again. */
static void say_switch(struct referee *ref, int h, const char *how)
{
	struct ref_about about = { .cause = how != NULL ? CAUSE_SENSOR_STUCK :
					    CAUSE_SENSOR_BACK };

	ref_about_place(&about, h);
	snprintf(about.evidence, sizeof(about.evidence), "%s=%s",
		 how != NULL ? "stuck" : "back", ref_hole_name(ref, h));
	ref->health[h].state = how != NULL ? LINE_STUCK : LINE_FLAKY;
	if (how != NULL)
		ref_say_about(ref, VERDICT_WARN, &about, ref->ply, NULL,
			      "the switch of %s %s %s; left out of the "
			      "reading until it reads otherwise",
			      ref_hole_word(ref, h), ref_hole_name(ref, h),
			      how);
	else
		ref_say_about(ref, VERDICT_NOTE, &about, ref->ply, NULL,
			      "the switch of %s %s reads again; watched as "
			      "flaky", ref_hole_word(ref, h),
			      ref_hole_name(ref, h));
}

/*
 * An occupancy board's switches against what is known of them: a
 * switch known stuck that reads its other value works again; one the
 * board cannot read (-1) or known stuck is said once, and its coming
 * back too. Not while a board is put back after a foul: a square read
 * against the board then may be a piece not yet taken away.
 */
void snap_watch_switches(struct snapshots *s)
{
	struct referee *ref = s->ref;

	if (!ref->sense->occupancy)
		return;
	for (int h = 0; h < ref->nholes; h++) {
		int v = s->seen[h], stuck;

		if (v >= 0 && s->suspect[h] != 0 && s->suspect[h] != v + 1)
			s->suspect[h] = 0;
		stuck = v < 0 || s->suspect[h] != 0;
		if (stuck && ref->health[h].state != LINE_STUCK &&
		    ref->state != REF_RESTORE)
			say_switch(ref, h, v < 0 ? "cannot be read (the board "
				   "says so)" : v ? "reads occupied with no "
				   "piece there" : "reads empty under a piece");
		else if (!stuck && ref->health[h].state == LINE_STUCK)
			say_switch(ref, h, NULL);
	}
}

/* After a judgement with the position settled: the places that read
 * against it are suspect from now on (occupancy boards), until their
 * switch reads otherwise. */
void snap_suspect_update(struct snapshots *s)
{
	struct referee *ref = s->ref;

	if (!ref->sense->occupancy || ref->state != REF_PLAY)
		return;
	ref->sense->counts(ref->game, ref_pos_const(ref), s->values);
	for (int h = 0; h < ref->nholes; h++)
		if (s->seen[h] >= 0 && s->seen[h] != s->values[h])
			s->suspect[h] = s->seen[h] + 1;
	snap_watch_switches(s);
}

/* On an occupancy board, a piece gone from one place and one come to
 * another: a move made, not a sensor misread. */
static int moved(const struct snapshots *s)
{
	int emptied = 0, filled = 0;

	if (!s->ref->sense->occupancy)
		return 0;
	for (int h = 0; h < s->ref->nholes; h++) {
		emptied |= s->seen[h] < s->here[h];
		filled |= s->seen[h] > s->here[h];
	}
	return emptied && filled;
}

/* The switch that reads against the best fit and no stuck switch
 * explains: suspect from now on (if it keeps reading so after the
 * board is put back, it is stuck). Its place, or -1. */
static int suspect_off(struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;

	ref->sense->counts(ref->game, snap_node_pos(s, c->best), s->values);
	for (int h = 0; h < ref->nholes; h++)
		if (s->seen[h] >= 0 && s->seen[h] != s->values[h] &&
		    s->suspect[h] != s->seen[h] + 1) {
			s->suspect[h] = s->seen[h] + 1;
			return h;
		}
	return -1;
}

/*
 * The board is the best fit's and one square more occupied, and is no
 * piece carried from one square to another (one emptied, one filled:
 * a piece put down astray is a foul): a switch that stuck closed as
 * the move was made, not a hand's doing.
 */
static int one_more(const struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	int emptied = 0, filled = 0, more = 0;

	ref->sense->counts(ref->game, snap_node_pos(s, c->best), s->values);
	for (int h = 0; h < ref->nholes; h++) {
		if (s->seen[h] < 0 || s->suspect[h] == s->seen[h] + 1)
			continue;
		emptied += s->seen[h] < s->here[h];
		filled += s->seen[h] > s->here[h];
		more += s->seen[h] > s->values[h];
	}
	return more == 1 && !(emptied == 1 && filled == 1);
}

/*
 * One legal board fits but for one switch no stuck switch explains
 * (one just stuck, or flickering as the board settled): held, the
 * switch named, never a foul; the switch is suspect from now on.
 */
static void hold_one_off(struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	const struct snap_node *best = &s->nodes[c->best];
	struct ref_about about = { .cause = CAUSE_SNAPSHOT_OFF };
	char why[256], note[300];
	int off;

	ref->sense->counts(ref->game, snap_node_pos(s, c->best), s->values);
	ref_disagreement(ref, s->seen, s->values, why, sizeof(why), &about);
	off = suspect_off(s, c);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s off=%s decided=hold", best->text,
		 off >= 0 ? ref_hole_name(ref, off) : "-");
	snprintf(note, sizeof(note), "snapshot: %s (a switch stuck?)", why);
	snap_watch_switches(s);
	ref_hold(ref, &best->move, best->text, &about, note, NULL);
}

/* On an occupancy board, a switch known stuck reading against the
 * board taken: the move is taken with a warning naming the squares. */
static void take_despite(struct snapshots *s, const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	struct ref_about about = { .cause = CAUSE_SENSED_FAULT };
	char list[120] = "", note[160];

	ref->sense->counts(ref->game, snap_node_pos(s, c->best), s->values);
	for (int h = 0; h < ref->nholes; h++)
		if (s->seen[h] != s->values[h] && about.nplaces <
		    VERDICT_PLACES_MAX) {
			ref_about_place(&about, h);
			ref_append(list, sizeof(list), "%s%s",
				   about.nplaces > 1 ? "," : "",
				   ref_hole_name(ref, h));
		}
	snprintf(about.evidence, sizeof(about.evidence), "stuck=%s", list);
	snprintf(note, sizeof(note), "read with the switch of %s %s stuck",
		 ref_hole_word(ref, about.places[0]), list);
	snap_play_chain(s, c->best, VERDICT_WARN, &about, note);
}

/* An occupancy board: only switches known stuck are forgiven when a
 * move is taken; one switch more off a legal board is held. */
void snap_decide_occupancy(struct snapshots *s,
			   const struct snap_candidates *c)
{
	struct referee *ref = s->ref;
	int fits = c->best > 0 && c->distance < c->here;

	if (fits && c->distance == 0 && c->ties > 0) {
		snap_ask(s, c);
	} else if (fits && c->distance == 0) {
		ref->sense->counts(ref->game, snap_node_pos(s, c->best), s->values);
		if (ref_seen_distance(ref, s->values, s->seen) == 0)
			snap_play_chain(s, c->best, VERDICT_ACCEPT,
				   &(struct ref_about){ .cause = CAUSE_SENSED },
				   "");
		else
			take_despite(s, c);
	} else if (fits && c->distance == 1 && one_more(s, c)) {
		if (c->ties > 0)
			snap_ask(s, c);
		else
			hold_one_off(s, c);
	} else if (c->here <= 1 && !moved(s)) {
		snap_warn_far(s);
	} else {
		if (fits && c->distance == 1)
			suspect_off(s, c);
		snap_refuse_board(s, c);
	}
}

