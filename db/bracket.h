/*
 * bracket.h - knockout brackets: size, standard seeding order, byes,
 * reproducible random seeding and advancement. Pure logic, no I/O: the
 * store keeps the slots and the decided matches and rebuilds a bracket
 * from them with these functions.
 *
 * Entrants are named by their seed, 1..entrants. A bracket of `size`
 * slots (the next power of two) has size - 1 matches numbered round by
 * round: round 1 is matches 0 .. size/2 - 1, round 2 follows, and the
 * final is match size - 2. With a third-place series the match between
 * the losing semi-finalists is number size - 1.
 */
#ifndef PITBOSS_BRACKET_H
#define PITBOSS_BRACKET_H

#include <stddef.h>
#include <stdint.h>

#define BRACKET_MIN 2
#define BRACKET_MAX 256

/* Values of a match side or winner that are not seeds. */
#define BRACKET_BYE 0		/* nobody: a bye, or a match nobody won */
#define BRACKET_TBD (-1)	/* not known yet */

enum bracket_how {
	BRACKET_PENDING,	/* not decided */
	BRACKET_PLAYED,		/* won over the board (a series) */
	BRACKET_WALKOVER,	/* a bye: the other side is nobody */
	BRACKET_FORFEIT,	/* the loser forfeited this match */
	BRACKET_WITHDRAWAL	/* the loser had withdrawn */
};

struct bracket_match {
	int side[2];		/* seeds, BRACKET_BYE or BRACKET_TBD */
	int winner;		/* seed, BRACKET_BYE, or BRACKET_TBD */
	enum bracket_how how;
};

struct bracket {
	int entrants;
	int size;		/* slots: the next power of two */
	int rounds;
	int third_place;	/* 1: the semi-final losers play for third */
	int slot[BRACKET_MAX];	/* seed in each slot, BRACKET_BYE */
	unsigned char withdrawn[BRACKET_MAX + 1];	/* by seed */
	struct bracket_match match[BRACKET_MAX];
};

/* Slots for `entrants` (2..256), or -1 out of range. */
int bracket_size(int entrants);

/*
 * Standard seeding order for a bracket of `size` slots (a power of two,
 * 2..256): order[slot] = seed. Seed 1 meets seed size in round 1, and if
 * the better seed always wins, seeds 1 and 2 meet only in the final.
 */
void bracket_seed_order(int size, int *order);

/* Sets up the bracket; byes go to the top seeds and are decided. */
int bracket_init(struct bracket *b, int entrants, int third_place);

int bracket_matches(const struct bracket *b);	/* size - 1 (+1) */
int bracket_round_of(const struct bracket *b, int match);	/* 1.. */
int bracket_index_in_round(const struct bracket *b, int match);
int bracket_first_match(const struct bracket *b, int round);
int bracket_is_third_place(const struct bracket *b, int match);

/* Both sides known and not yet decided. */
int bracket_ready(const struct bracket *b, int match);

/*
 * Decides a ready match for `winner` (one of its sides) and moves the
 * winner (and for a semi-final with a third-place match, the loser)
 * on. Returns 0, or -1 with a message.
 */
int bracket_decide(struct bracket *b, int match, int winner,
		   enum bracket_how how, char *err, size_t errlen);

/*
 * Replays a decision recorded earlier (in the order it was made): like
 * bracket_decide(), but a match already decided the same way is
 * accepted, and the winner may be BRACKET_BYE (both sides gone).
 */
int bracket_record(struct bracket *b, int match, int winner,
		   enum bracket_how how, char *err, size_t errlen);

/* Marks `seed` withdrawn: he loses every match he reaches. */
void bracket_withdraw(struct bracket *b, int seed);

/* The match `seed` is in and has not finished, or -1 (out or done). */
int bracket_current_match(const struct bracket *b, int seed);

/* Champion's seed once the final is decided, else BRACKET_TBD. */
int bracket_champion(const struct bracket *b);

/* Every match (third place included) decided. */
int bracket_finished(const struct bracket *b);

/*
 * Reproducible random seeding: shuffles order[0..n-1] with a
 * splitmix64 stream from `seed`, identical on every platform.
 */
void bracket_shuffle(uint64_t seed, int *order, int n);
uint64_t bracket_splitmix64(uint64_t *state);

#endif
