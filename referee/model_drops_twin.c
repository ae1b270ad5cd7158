/*
 * model_drops_twin.c - later evidence of an earlier misread. Drops that
 * are exactly a legal move's may also be another place's pieces sown
 * the wrong way round (its twin): no drop tells them apart. Where the
 * mover has been seen sowing the wrong way round earlier in the same
 * game (a foul called for it), the move is held naming both places and
 * what each should hold; elsewhere the legal move is taken (a misplay
 * is far rarer than a move). The evidence is the player's and the
 * game's alone, so a game's trace replays the same. Should the twin have been made, the board now
 * differs from the record: the place the record says was emptied still
 * holds its pieces. When the same mover later sows exactly the taken
 * move's drops again from that place, while the record still says it
 * is empty and no legal move fits them as they came, the move is held
 * naming both places and the earlier move, rather than read as
 * something else.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "referee/model_drops.h"
#include "referee/referee_impl.h"

/* The record's pieces in `place` now. */
static int record_count(const struct drops *d, int place)
{
	int counts[SENSE_HOLES_MAX];

	d->ref->sense->counts(d->ref->game, ref_pos_const(d->ref), counts);
	return counts[place];
}

/* Whether pend[0..n) are exactly `path`. */
static int same_drops(const struct drops *d, int n, const uint8_t *path,
		      int m)
{
	return n == m && n > 0 && memcmp(d->pend, path, (size_t)n) == 0;
}

/* The move whose pieces sown the wrong way round make exactly move
 * `e`'s drops pend[0..n): its index, or -1. */
static int twin_of(struct drops *d, int e, int n)
{
	const struct sense_expect *x = &d->expect[e];
	uint8_t back[SENSE_PATH_MAX];

	if (d->ref->sense->reversed == NULL || d->ref->sense->counts == NULL ||
	    x->ntail > 0 || d->result[e].cost > 0 ||
	    !same_drops(d, n, x->path, x->npath))
		return -1;
	for (int f = 0; f < d->nexpect; f++) {
		const struct sense_expect *y = &d->expect[f];

		if (f != e && y->npath == x->npath &&
		    d->ref->sense->reversed(d->ref->game,
					    ref_pos_const(d->ref), y,
					    back) == y->npath &&
		    memcmp(back, x->path, (size_t)x->npath) == 0)
			return f;
	}
	return -1;
}

void drops_twin_note(struct drops *d, int e, int n)
{
	const struct sense_expect *x = &d->expect[e];
	struct drops_twin *t = &d->twin;
	int f = twin_of(d, e, n);

	t->fresh = 0;
	if (f < 0)
		return;
	t->fresh = 1;
	t->ply = d->ref->ply + 1;
	t->seat = ref_mover(d->ref);
	snprintf(t->move, sizeof(t->move), "%s", x->text);
	snprintf(t->twin, sizeof(t->twin), "%s", d->expect[f].text);
	t->taken = x->origin;
	t->other = d->expect[f].origin;
	t->npath = x->npath;
	memcpy(t->path, x->path, (size_t)x->npath);
}

void drops_origins_check(struct drops *d, int e, int f, char *buf,
			 size_t len)
{
	struct referee *ref = d->ref;
	int after[SENSE_HOLES_MAX], places[2];

	places[0] = d->expect[e].origin;
	places[1] = d->expect[f].origin;
	buf[0] = '\0';
	if (!drops_after(d, &d->expect[e], after))
		return;
	for (int k = 0; k < 2; k++) {
		ref_append(buf, len, "%s%s %s should%s ", k ? " and " : ": ",
			   ref_hole_word(ref, places[k]),
			   ref_hole_name(ref, places[k]), k ? "" : " now");
		if (after[places[k]] == 0)
			ref_append(buf, len, "be empty");
		else
			ref_append(buf, len, "hold %d", after[places[k]]);
	}
}

int drops_twin_hold(struct drops *d, int e, int n)
{
	struct ref_about about = { .cause = CAUSE_AMBIGUOUS };
	const struct sense_expect *x = &d->expect[e];
	unsigned fouls = d->reversed_fouls;
	char why[300], check[160];
	int f;

	if (fouls == 0 || (f = twin_of(d, e, n)) < 0)
		return 0;
	ref_about_place(&about, x->origin);
	ref_about_place(&about, d->expect[f].origin);
	snprintf(about.evidence, sizeof(about.evidence),
		 "move=%s legal=0.0 reverse=%s reversed-fouls=%u "
		 "decided=hold", x->text, d->expect[f].text, fouls);
	drops_origins_check(d, e, f, check, sizeof(check));
	snprintf(why, sizeof(why), "the drops are those of %s, or of %s %s "
		 "the wrong way round%s", x->text, ref_words(d->ref)->doing,
		 d->expect[f].text, check);
	drops_hold(d, e, why, &about, " \xe2\x80\x94 check and confirm");
	return 1;
}

void drops_twin_taken(struct drops *d)
{
	struct drops_twin *t = &d->twin;

	if (!t->fresh)
		return;
	t->fresh = 0;
	if (d->ref->ply != t->ply) {	/* not taken after all */
		t->ply = 0;
		return;
	}
	t->taken_count = record_count(d, t->taken);
	t->other_count = record_count(d, t->other);
}

/* Whether the twin noted still stands against pend[0..n): the record
 * unchanged at both places, the same mover, the same drops again. */
static int twin_stands(const struct drops *d, int n)
{
	const struct drops_twin *t = &d->twin;

	return t->ply > 0 && d->ref->ply >= t->ply &&
	       d->ref->ply - t->ply <= DROPS_TWIN_PLIES &&
	       ref_mover(d->ref) == t->seat &&
	       record_count(d, t->taken) == t->taken_count &&
	       record_count(d, t->other) == t->other_count &&
	       same_drops(d, n, t->path, t->npath);
}

int drops_twin_judge(struct drops *d, int n, int best)
{
	const struct drops_twin *t = &d->twin;
	struct ref_about about = { .cause = CAUSE_EARLIER_MISREAD };
	char why[256];

	if (best < 0 || d->result[best].cost == 0 || !twin_stands(d, n))
		return 0;
	ref_about_place(&about, t->taken);
	ref_about_place(&about, t->other);
	snprintf(about.evidence, sizeof(about.evidence),
		 "earlier=%d:%s twin=%s move=%s legal=%d.%d decided=hold",
		 t->ply, t->move, t->twin, d->expect[best].text,
		 d->result[best].cost / 10, d->result[best].cost % 10);
	snprintf(why, sizeof(why), "the drops are those of %s again, from "
		 "%s %s, emptied by move %d in the record: move %d may have "
		 "been %s %s sown the wrong way round (%s %s not empty, %s %s "
		 "empty)", t->move, ref_hole_word(d->ref, t->taken),
		 ref_hole_name(d->ref, t->taken), t->ply, t->ply,
		 ref_hole_word(d->ref, t->other),
		 ref_hole_name(d->ref, t->other),
		 ref_hole_word(d->ref, t->taken),
		 ref_hole_name(d->ref, t->taken),
		 ref_hole_word(d->ref, t->other),
		 ref_hole_name(d->ref, t->other));
	d->twin.ply = 0;	/* said once */
	drops_hold(d, best, why, &about, " \xe2\x80\x94 check and correct");
	return 1;
}
