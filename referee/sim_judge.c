/*
 * sim_judge.c - the verdicts on the simulator's moves made one at a
 * time (the per-pulse board, the occupancy board): the first verdict
 * about the move, how it is counted, and the arbiter's answer to what
 * the referee got wrong. The physical board's batches are read in
 * sim_verdicts.c.
 */
#include "config.h"

#include <string.h>

#include "referee/sim_impl.h"

/* The first verdict on the move since log entry `from`. */
const struct logged *sim_verdict_on_move(const struct sim *s, int from)
{
	for (int i = from; i < s->nlog; i++) {
		const struct logged *l = &s->log[i];

		if ((l->kind == VERDICT_ACCEPT || l->kind == VERDICT_WARN ||
		     l->kind == VERDICT_HOLD) && l->move[0] != '\0')
			return l;
		if (l->kind == VERDICT_FOUL)
			return l;
	}
	return NULL;
}

/* Moves the referee took since log entry `from`. */
static int accepted_since(const struct sim *s, int from)
{
	int accepts = 0;

	for (int i = from; i < s->nlog; i++)
		accepts += (s->log[i].kind == VERDICT_ACCEPT ||
			    s->log[i].kind == VERDICT_WARN) &&
			   s->log[i].move[0] != '\0';
	return accepts;
}

/* What the referee made of a legal move, and the arbiter's answer. */
enum sim_class sim_judge_legal(struct sim *s, const struct sim_act *act,
			       int from)
{
	const struct logged *v = sim_verdict_on_move(s, from);
	int accepts = accepted_since(s, from);
	enum sim_class c;

	s->stats.legal++;
	if (v == NULL)
		c = SIM_LEGAL_UNSEEN;
	else if (v->kind == VERDICT_FOUL)
		c = SIM_LEGAL_FOULED;
	else if (strcmp(v->move, act->text) != 0 || accepts > 1)
		c = SIM_LEGAL_MISREAD;
	else if (v->kind == VERDICT_HOLD)
		c = SIM_LEGAL_HELD;
	else
		c = SIM_LEGAL_ACCEPTED;
	if (c == SIM_LEGAL_ACCEPTED && v->kind == VERDICT_WARN)
		s->stats.count[SIM_LEGAL_WARNED]++;
	if (accepts > 1)
		s->stats.unexplained += (unsigned long)accepts - 1;
	if (c == SIM_LEGAL_ACCEPTED)
		return c;
	if (referee_held(s->ref) && c == SIM_LEGAL_HELD) {
		sim_arbiter(s, OBS_CONFIRM, NULL);
	} else if (referee_held(s->ref)) {
		sim_arbiter(s, OBS_CORRECT, act->text);
	} else {
		for (int i = 0; i < accepts; i++)
			sim_arbiter(s, OBS_UNDO, NULL);
		sim_arbiter(s, OBS_ENTRY, act->text);
	}
	return c;
}

/* What the referee made of an illegal move; the arbiter takes back
 * what it took and the players put the board back. */
enum sim_class sim_judge_illegal(struct sim *s, int from)
{
	const struct logged *v = sim_verdict_on_move(s, from);
	int accepts = accepted_since(s, from);
	enum sim_class c;

	s->stats.illegal++;
	if (v == NULL)
		c = SIM_ILLEGAL_UNSEEN;
	else if (v->kind == VERDICT_FOUL || v->kind == VERDICT_HOLD)
		c = SIM_ILLEGAL_CAUGHT;
	else
		c = SIM_ILLEGAL_ACCEPTED;
	if (accepts > 1)
		s->stats.unexplained += (unsigned long)accepts - 1;
	if (referee_held(s->ref))
		sim_arbiter(s, OBS_REJECT, NULL);
	for (int i = 0; i < accepts; i++)
		sim_arbiter(s, OBS_UNDO, NULL);
	if (accepts > 0 && !referee_restoring(s->ref))
		s->now += sim_rng_ms(s, 2000, 4000);	/* put back */
	sim_restore(s);
	return c;
}
