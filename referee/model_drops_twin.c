/*
 * model_drops_twin.c - later evidence of an earlier misread. Drops that
 * are exactly a legal move's may also be another place's pieces sown
 * the wrong way round (its twin): no drop tells them apart, so the
 * legal move is taken. Should the twin have been made, the board now
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

void drops_twin_note(struct drops *d, int e, int n)
{
	const struct sense_expect *x = &d->expect[e];
	struct drops_twin *t = &d->twin;
	uint8_t back[SENSE_PATH_MAX];

	t->fresh = 0;
	if (d->ref->sense->reversed == NULL || d->ref->sense->counts == NULL ||
	    x->ntail > 0 || d->result[e].cost > 0 ||
	    !same_drops(d, n, x->path, x->npath))
		return;
	for (int f = 0; f < d->nexpect; f++) {
		const struct sense_expect *y = &d->expect[f];

		if (f == e || y->npath != x->npath ||
		    d->ref->sense->reversed(d->ref->game,
					    ref_pos_const(d->ref), y,
					    back) != y->npath ||
		    memcmp(back, x->path, (size_t)x->npath) != 0)
			continue;
		t->fresh = 1;
		t->ply = d->ref->ply + 1;
		t->seat = ref_mover(d->ref);
		snprintf(t->move, sizeof(t->move), "%s", x->text);
		snprintf(t->twin, sizeof(t->twin), "%s", y->text);
		t->taken = x->origin;
		t->other = y->origin;
		t->npath = x->npath;
		memcpy(t->path, x->path, (size_t)x->npath);
		return;
	}
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
