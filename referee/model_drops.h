/*
 * model_drops.h - the drop-sequence model's state, shared by its files
 * (model_drops.c: following a move drop by drop; model_drops_judge.c:
 * the verdict on a move; model_drops_split.c: two sowings in one stream
 * of drops; model_drops_lines.c: the pulses of each line, its health
 * and what a move got wrong).
 */
#ifndef PITBOSS_MODEL_DROPS_H
#define PITBOSS_MODEL_DROPS_H

#include "referee/match.h"
#include "referee/referee_impl.h"

#define DROPS_WARN_KEEP 8	/* recent warnings remembered per line */
#define DROPS_WARN_PLIES 40	/* the window a warning count covers */
#define DROPS_RECENT 16		/* recent pulses remembered per line */
#define DROPS_KEPT_BUTTONS 8	/* buttons kept while a move is held */
#define DROPS_KEPT_COUNTS 4	/* counts kept while a move is held */
#define DROPS_SWAP_TOGETHER_US 20000	/* two pieces sensed in swapped
					   order this close: let go together */

/*
 * What people do, as costs (match.h): an illegal sowing of a kind the
 * model reads (a piece left behind, two in one place, a place passed
 * over, a piece where the mover may not sow, a capture not carried,
 * another place lifted) has a chance of 0.3 %; one of a kind it does
 * not read, 0.01 %. A reading is taken over another when it is more than
 * three times likelier (DROPS_MARGIN); two moves within DROPS_TIE are a
 * tie.
 */
#define DROPS_MISPLAY 58	/* a chance of 0.3 % */
/* Drops that stop one piece short are a piece left behind, or two
 * pieces dropped together into one place that made one pulse: on a
 * board whose close edges are one drop (it bounces) they always do,
 * 0.6 % in all; on one that never bounces, about half of them do. A
 * move is taken against such drops only when it is ten times likelier
 * than both; a foul still needs the one misplay (DROPS_MISPLAY) three
 * times likelier than the move. */
#define DROPS_MISPLAY_SHORT 51	/* 0.6 % */
#define DROPS_MISPLAY_SHORT_CLEAN 54	/* 0.45 % */
#define DROPS_OTHER 115		/* 0.001 % */
#define DROPS_MARGIN 12		/* three to one */
/* A misplay that explains the drops exactly, with no sensor fault,
 * against a legal reading that needs one: the legal reading is taken
 * only when it is ten times likelier. */
#define DROPS_MARGIN_EXACT 23	/* ten to one */
/* A foul is the worst a referee can do to a player who sowed legally:
 * drops that no misplay the model reads explains (DROPS_OTHER) are a
 * foul only when that is this much likelier than the nearest move with
 * its faults; between DROPS_MARGIN and this, the move is held, naming
 * what to check. */
#define DROPS_MARGIN_FOUL 46	/* a hundred to one */
#define DROPS_TIE 7
/* No move costing this much can be taken: judged at once, a foul (or
 * held, within DROPS_MARGIN_FOUL of DROPS_OTHER). */
#define DROPS_FOUL_AT (DROPS_OTHER + DROPS_MARGIN)
/* The board's record of shadows before it has shown any: one move in
 * 40 (DROPS_PRIOR_SHADOW_MOVES moves with DROPS_PRIOR_SHADOWS). */
#define DROPS_PRIOR_SHADOWS 0.5
#define DROPS_PRIOR_SHADOW_MOVES 20.0
/* Its record of rolled pieces before it has shown any: one in 200. */
#define DROPS_PRIOR_ROLLS 0.5
#define DROPS_PRIOR_ROLL_PIECES 100.0
/* A line's record before it has shown anything: a missed or an extra
 * pulse in 500 (DROPS_PRIOR_SEEDS seeds with DROPS_PRIOR_FAULTS). */
#define DROPS_PRIOR_FAULTS 0.1
#define DROPS_PRIOR_SEEDS 50.0
#define DROPS_COST_MAX 120	/* a fault on a line never seen to fail */
/* A board that has sensed this many seeds without missing one on any
 * line: a missed pulse costs DROPS_COST_MAX on every line. */
#define DROPS_CLEAN_SEEDS 500
/* Extra pulses on a board at least this often (one in so many pulses):
 * a lone pulse may be one of them. */
#define DROPS_STRAYS_SHOWN 500
/* The count source's delay from a drop to the counts after it, learnt
 * per table: the longest of the last DROPS_DELAYS seen. No counts
 * between two players' sowings say the board was never still only
 * after DROPS_DELAYS_SEEN of them, and when the sowings were further
 * apart than that delay by DROPS_DELAY_MARGIN (per cent) and
 * DROPS_DELAY_SLACK_US. */
#define DROPS_DELAYS 16
#define DROPS_DELAYS_SEEN 2
#define DROPS_DELAY_MARGIN 125
#define DROPS_DELAY_SLACK_US 100000
/* People pressing the turn button when they move again, before the
 * board has shown how often they do: one in ten (of so many). */
#define DROPS_PRIOR_AGAIN_PRESSES 0.5
#define DROPS_PRIOR_AGAIN_MOVES 5.0
/* The other player's button ending the mover's move, the mover's own
 * not pressed, pressed for nothing of their own (out of turn by
 * mistake, or to prompt the mover): one time in a thousand, a player's
 * own button saying they moved. Against it, a move of one piece unseen
 * on lines with no record (one pulse in 500 missed) is held; two
 * pieces unseen, or one on a line that has sensed some 300 pieces
 * without a miss (or on a board that never missed one), get a note. */
#define DROPS_PRIOR_THEIRS_IDLE 0.001
/* A player sees the last piece fall (0.25 s to react), then lifts
 * pieces and lets the first one go (0.25 s): the next player's first
 * drop sooner after the mover's last was begun before that fell. */
#define DROPS_REACH_US 500000
/* A hand holding pieces on a table with turn buttons: how many quiet
 * periods it may pause before its drops are judged without the button. */
#define DROPS_HAND_AWAY 12
/* The pause from a move's last piece to its mover's button, before the
 * table has shown its own (model_drops_press.c): log-normal around
 * 0.6 s, its log spread 0.6, worth DROPS_PRESS_WEIGHT pauses; the
 * spread learnt is never taken narrower than DROPS_PRESS_SPREAD_MIN.
 * The timing weighs at most three to one against the legal reading
 * (DROPS_PRESS_CAP), two to one for it (DROPS_PRESS_CAP_LEGAL). */
#define DROPS_PRESS_MEDIAN 0.6
#define DROPS_PRESS_SPREAD 0.6
#define DROPS_PRESS_WEIGHT 4.0
#define DROPS_PRESS_SPREAD_MIN 0.15
#define DROPS_PRESS_CAP 12
/* ... counted once the table has shown so many pauses. */
#define DROPS_PRESS_SHOWN 8
#define DROPS_PRESS_CAP_LEGAL 7
/* The pauses the table has shown, kept as a histogram of their logs
 * (DROPS_PRESS_BINS bins of DROPS_PRESS_BIN, from DROPS_PRESS_FROM_S
 * seconds up): once DROPS_PRESS_KNOWN of them are in it, the pauses
 * people make at this table are read from it, the log-normal counting
 * as DROPS_PRESS_WEIGHT of them. A pause longer than one step of the
 * hand beyond every pause the table has shown then weighs up to ten
 * to one for the legal reading (DROPS_PRESS_CAP_KNOWN). */
#define DROPS_PRESS_BINS 56
#define DROPS_PRESS_BIN 0.1
#define DROPS_PRESS_FROM_S 0.05
#define DROPS_PRESS_KNOWN 50
#define DROPS_PRESS_CAP_KNOWN 23
/* The share of presses that come at any moment within the latest a
 * press is read (not a reflex after the last piece): the floor under
 * both readings of a button pressed with nothing sensed while the mover
 * moves again (model_drops_press.c). */
#define DROPS_PRESS_ANY 0.05
/* The steps of this table's hands, between two drops of a move taken
 * cleanly (model_drops_pace.c): a histogram of DROPS_PACE_BINS bins of
 * DROPS_PACE_BIN_US (the last holds every longer step), the older
 * halved once DROPS_PACE_KEEP are in it. Once DROPS_PACE_KNOWN are, the
 * table's usual longest step is the step DROPS_PACE_QUANTILE per cent
 * of them are no longer than. */
#define DROPS_PACE_BINS 80
#define DROPS_PACE_BIN_US 50000
#define DROPS_PACE_KEEP 4000
#define DROPS_PACE_KNOWN 100
#define DROPS_PACE_QUANTILE 95
/* The next player beginning at once (common), or before the mover's
 * last piece fell (a misplay, read like the others). */
#define DROPS_COST_QUICK 16
#define DROPS_COST_OVERLAP 46

/* The misplays a move's drops are read as. */
enum drops_misplay {
	MIS_NONE,
	MIS_SHORT,	/* pieces left behind: the last drops missing */
	MIS_DOUBLE,	/* two pieces in one place, one short at the end */
	MIS_SKIP,	/* a place passed over, one further at the end */
	MIS_STORE,	/* a piece where the mover may not sow */
	MIS_UNCARRIED,	/* the pieces to carry were not carried */
	MIS_LIFTED,	/* another place was lifted (its shadow) */
	MIS_REVERSE,	/* the pieces sown the wrong way round */
	MIS_OTHER,	/* a misplay of another kind */
	MIS_COUNT
};

struct line_track {
	int missed_in_a_row;
	int warn_ply[DROPS_WARN_KEEP];	/* plies of recent warnings */
	int nwarn;
	uint64_t recent[DROPS_RECENT];	/* times of recent pulses */
	int nrecent;
};

/* Two sowings in one stream of drops (model_drops_split.c). */
struct drops_split {
	int move;		/* the mover's whole move: index in expect */
	int next;		/* the next player's move begun: in next */
	int seat;		/* the next player's seat */
	int interleaved;	/* a drop of theirs came before the mover's
				   last, or too soon after it for a hand
				   to have begun after it */
	int first_next;		/* index of their first drop */
	int cost;		/* of the two moves read so */
	int passed;		/* their drops show the turn passed: the
				   mover's move judged as if its button
				   was pressed */
	uint8_t theirs[MATCH_OBS_MAX];	/* 1: drop i is the next player's */
};

/* The move last taken from the drops (model_drops_revise.c): its ply
 * (0: none that more drops may revise), text, drops and their times,
 * and what its reading cost. */
struct drops_last {
	int ply;
	char text[REF_MOVE_TEXT];
	uint8_t drops[MATCH_OBS_MAX];
	uint64_t t[MATCH_OBS_MAX];
	int n;
	int cost;
	uint64_t revised_t;	/* the last drop a revision read: drops no
				   later are never read so again */
	uint64_t ended_before;	/* ended_us before it was taken */
};
/* A move taken whose drops are also another place's pieces sown the
 * wrong way round (model_drops_twin.c). */
struct drops_twin {
	int ply;		/* the move taken; 0: none */
	int fresh;		/* noted, not yet taken */
	int seat;		/* its mover */
	char move[16], twin[16];	/* it, and the move sown backwards */
	int taken, other;	/* their origins */
	int taken_count, other_count;	/* the record's pieces there after */
	uint8_t path[SENSE_PATH_MAX];	/* its drops */
	int npath;
};
/* Plies after which an earlier move is no longer questioned. */
#define DROPS_TWIN_PLIES 40

struct drops {
	struct referee *ref;
	struct match_board board;
	struct line_track *track;	/* one per place */
	uint64_t record_seen;		/* the lines' records the board's
					   costs were made from */
	int board_clean;		/* no line has missed a pulse in
					   DROPS_CLEAN_SEEDS seeds or more */
	/* The hand's shadow on the place lifted: moves taken with a pulse
	 * there before the first drop, of the moves taken. */
	unsigned shadows, shadow_moves;
	/* Pieces that rolled into the next place, of the pieces sown in
	 * the moves taken. */
	unsigned rolls, roll_pieces;
	char geometry_of[200];		/* the options its geometry is of */

	uint8_t pend[MATCH_OBS_MAX];	/* drops of the move under way */
	uint64_t pend_t[MATCH_OBS_MAX];	/* and when each was sensed */
	int npend;
	int min_prefix;			/* best cost of pend as a beginning */
	int best_whole;			/* best cost of pend as a whole move */
	int best_sown;			/* the same, pieces to carry aside */
	int lifted;			/* first place touched, or -1 */
	uint64_t last_drop_us;		/* the drop before, in this move */
	uint64_t tempo_us;		/* the pause before the last drop:
					   the hand's own tempo */
	uint64_t await_us;		/* judged then, unless the counts come
					   first; 0: not waiting */
	int counted;			/* judging with the counts now */
	/* Judging with the counts the next player's move, begun before the
	 * board was still after the last (no counts came between): the
	 * last mover's seat and move, else -1. */
	int unsettled_seat;
	char unsettled_move[REF_MOVE_TEXT];
	/* The last drop sensed (drop_open: no counts since), and the
	 * delays from a drop to the counts after it at this table. */
	uint64_t drop_us;
	int drop_open;
	uint64_t delay_us[DROPS_DELAYS];
	unsigned ndelay;
	uint64_t heard_us;		/* when it reached the model (later
					   when it was kept for a while) */
	int whole;			/* pend is exactly one whole move */
	int lone;			/* ... resting on one pulse, which may
					   be a stray: held at the quiet
					   period's end with no button */
	int lone_wait;			/* ... resting on one pulse, of a move
					   that hands the turn over: its
					   mover's button is awaited */
	int tail_split;			/* the pulse is the next player's move
					   read off the tail of a sowing
					   judged at the quiet period's end */
	uint64_t reach_t;		/* the lone pulse pend[0], when the
					   button of the move before came
					   after it, in reach of its hand
					   (model_drops_reach.c); 0: none */
	int finishing;			/* judging as the quiet period ends */
	uint64_t split_wait_us;		/* two players' moves read at the
					   hand's pause, on a table with
					   buttons: judged then, unless a
					   button comes first; 0: not
					   waiting */
	uint8_t queue[MATCH_OBS_MAX];	/* drops sensed while a move is held */
	uint64_t queue_t[MATCH_OBS_MAX];
	int nqueue;
	uint8_t kept_seat[DROPS_KEPT_BUTTONS];	/* buttons pressed meanwhile */
	uint64_t kept_button_t[DROPS_KEPT_BUTTONS];
	/* the other player's button that ended the move held: it says
	 * they moved as well only if that move hands them the turn */
	uint8_t kept_theirs[DROPS_KEPT_BUTTONS];
	int nkept_buttons;
	int quiet_noted;		/* kept drops already reported */

	/* Pieces of the last move still to be carried in (a capture, the
	 * end of the game's sweep), per place, until late_until. */
	uint8_t *late;
	uint64_t late_until;

	/* The legal moves of the position and their alignment tables. */
	struct sense_expect expect[SENSE_MOVES_MAX];
	struct match_table align[SENSE_MOVES_MAX];
	struct match_result result[SENSE_MOVES_MAX];
	int nexpect;
	uint16_t *arena_cost;
	uint8_t *arena_step;
	size_t arena_cells;

	/* The move held, to count its faults against the lines when it is
	 * confirmed (held_ply: its ply, 0 when none; held_end_us: the
	 * last drop sensed when it was held). */
	struct sense_expect held_e;
	struct match_result held_r;
	int held_ply;
	uint64_t held_end_us;
	/* The first kept drops (late_doubt of them, the first sensed at
	 * late_doubt_us) that may be the held move's last pieces, fallen
	 * late, or the next move: never taken alone as that move. */
	int late_doubt;
	uint64_t late_doubt_us;
	char late_text[REF_MOVE_TEXT];
	/* The move was held with the counts already its board: the same
	 * counts again (a hand passed over the board, the count source
	 * settled again) say nothing new; only a person confirms it. */
	int held_blind;
	/* Counts that came while the move was held, neither its board nor
	 * a misplay's (maybe the boards after drops kept meanwhile), each
	 * at kept_seen_us, while kept_seen_ply is the ply held (0: none);
	 * the last kept in place of the one before when there is no room. */
	int kept_seen[DROPS_KEPT_COUNTS][SENSE_HOLES_MAX];
	uint64_t kept_seen_us[DROPS_KEPT_COUNTS];
	int nkept_seen;
	int kept_seen_ply;

	/* The next player's sowing that overlapped the move judged (or
	 * held at overlap_ply): a foul once the move is taken. */
	int overlap_ply;
	int overlap_seat, overlap_mover;
	char overlap_drops[96];
	struct ref_about overlap_about;

	/* The moves after each legal move, for two sowings in one stream:
	 * SENSE_MOVES_MAX of them per move, next_n of them (-2: not known
	 * yet, -1: the game is over), made by next_seat. */
	struct sense_expect *next;
	int next_n[SENSE_MOVES_MAX];
	int next_seat[SENSE_MOVES_MAX];
	uint8_t *reach;			/* (MATCH_OBS_MAX + 1) rows of
					   SENSE_PATH_MAX + 1 */
	struct drops_last last;
	/* Pulses set aside at the last mover's button, counted as extras
	 * once the next drop falls or a move is taken. */
	uint8_t aside[MATCH_OBS_MAX];
	int naside;
	/* When the last move ended: its last drop, or a button pressed
	 * after it (0: none yet). */
	uint64_t ended_us;
	/* Judging at the mover's button: every drop before it is the
	 * mover's, none the next player's. */
	int mover_done;
	/* When the mover's button being judged at was pressed (0: judged
	 * at no button): the pause the button-timing model reads. */
	uint64_t press_us;
	/* The move (ply + 1) at which the mover, moving again, pressed
	 * their button with no drops left pending: they said their turn
	 * was over, so the drops after it are no move of theirs that the
	 * other player's button ends (0: none). */
	int again_pressed;
	/* Positions where the mover moved again, and the buttons pressed
	 * in them with nothing sensed: how often people press it then. */
	unsigned again_moves, again_presses;
	struct sense_expect *prev;	/* SENSE_MOVES_MAX: the moves of the
					   position before the last move */
	/* The pauses from a clean move's last drop to its mover's button:
	 * their number, and the sum of their logs and of the squares. */
	double press_n, press_sum, press_sq;
	unsigned press_hist[DROPS_PRESS_BINS];	/* and their logs */
	/* A clean move taken before its mover's button (at the hand's
	 * pause): its last drop, 0 when none awaits the button, and its
	 * mover. The pause is learnt when that button comes before any
	 * other drop, so that long pauses count as well as short ones;
	 * not after a lift, a command or a new game (press_open_ply: the
	 * move count once it was taken; press_open_taking: the move being
	 * taken, the position not yet changed by anything else). */
	uint64_t press_open_us;
	int press_open_seat;
	int press_open_ply;
	int press_open_taking;
	/* The steps of the hand learnt (DROPS_PACE_*) and their number. */
	unsigned pace_hist[DROPS_PACE_BINS];
	unsigned pace_n;
	/* pend is one pulse, whole as move pace_move (in expect), which
	 * gives its mover another turn: taken once the table's usual
	 * longest step has passed. */
	int pace_one;
	int pace_move;
	struct drops_twin twin;
	/* Sowings the wrong way round called a foul in this game, by
	 * either player: evidence about how this game's board is being
	 * sown, from nothing earlier, so a game's trace replays the
	 * same. */
	unsigned reversed_fouls;
};

/* model_drops.c */
/* Re-aligns the drops of the move under way (a line changed state). */
void drops_rematch(struct drops *d);
/* One drop into `hole` sensed at time `t`, after the line's own
 * checks, reaching the model at `heard` (later than `t` when it was
 * kept while a move was held). */
void drops_take(struct drops *d, int hole, uint64_t t, uint64_t heard);
/* Aligns pend[0..n) with every legal move, as beginning and as whole;
 * with `trace`, the deviations of each. */
void drops_evaluate(struct drops *d, int n, int trace);
/* What remains of the move's tail after pend[0..n) is `e`'s: kept to
 * be carried in after the verdict. */
void drops_keep_late(struct drops *d, const struct sense_expect *e,
		     const struct match_result *r, int n);

/* The foul for play after the end: a piece fell in `hole`. */
void drops_end_foul(struct drops *d, int hole);

/* model_drops_end.c */
/* The held move just confirmed (`own`: held by this model, its reading
 * kept) ended the game: the pulses read with it after its own last
 * drop (see drops_end_taken()) or with none of its pieces sensed, and
 * the drops kept while it was held but for its own pieces carried in
 * late, fell after the end. A foul then (1); 0 when nothing else was
 * sensed, or the game goes on. */
int drops_end_confirmed(struct drops *d, int own);
/* The held move just confirmed, this model's, was read with none of
 * its pieces sensed: the pulses its reading took as extras, away from
 * its origin, are put before the drops kept, to be read again with
 * what came after. */
void drops_unmatched_requeue(struct drops *d);
/* The reading of the held move just confirmed, this model's, in *own
 * without the pulses read elsewhere: with none of its pieces sensed,
 * those away from its origin (read again with what came after, or, the
 * game over, play after the end); the game over, those after its own
 * last drop that fell after the end (see drops_end_taken()). */
void drops_held_own(const struct drops *d, struct match_result *own);

/* The held move, confirmed, read with its last places unsensed: the
 * first drops kept that fall in them are its own, late; they leave the
 * queue and their misses the reading (model_drops_late.c). Returns how
 * many drops were its own. */
int drops_late_own(struct drops *d);
/* Move `e` is about to be taken on pend[0..n), drops kept that may be
 * the last pieces of the move held before, fallen late
 * (drops_late_own()): held, saying what to check (1); else 0. */
int drops_late_doubt_hold(struct drops *d, int e, int n);
/* Move `x`, read `r` from pend[0..n), was just taken and ended the
 * game: a pulse its reading took as extra after the last drop it read
 * as its own (not on its origin, not a late bounce of that drop) fell
 * after the end: the foul for play after the end. */
void drops_end_taken(struct drops *d, const struct sense_expect *x,
		     const struct match_result *r, int n);

/* model_drops_alone.c */
/* The mover pressed the button with nothing sensed: the move likeliest
 * to have gone unseen, or `touched` (>= 0) when a hand was in its place
 * (d->lifted), is held for the table to check (1); a note when no move
 * can be (0). `again`: the move after which the mover moves again, or
 * NULL. */
int drops_blind_move(struct drops *d, int touched, const char *again);
/* The button of `seat`, pressed at `t`, with nothing sensed since the
 * last move: the mover's, a move whose every piece went unseen (held,
 * as the likeliest one) unless, moving again, they pressed it all the
 * same; the other player's, while the mover moves again, their move out
 * of turn (drops_turn_button()). 1 when it was read as a move whose
 * every piece went unseen. */
int drops_button_alone(struct drops *d, int seat, uint64_t t);
/* The button of `seat`, not the mover's, pressed at `t` with drops
 * pending, was just read as the end of the mover's move, taken at ply
 * `ply` + 1: when that move read every pulse and handed `seat` the turn,
 * and the button came later after its last drop than a hand can begin
 * a move, it says their own move was made as well, with nothing of it
 * sensed (1): to be read as their button alone. 0 otherwise. */
int drops_button_theirs(struct drops *d, int seat, int ply, uint64_t t);
/* That button, now the mover's, read as their own with nothing sensed:
 * the move likeliest unseen held (1), unless the sensors' record makes
 * a move of theirs whose every piece went unseen less likely than a
 * button pressed for nothing (DROPS_PRIOR_THEIRS_IDLE): a note (0). */
int drops_theirs_alone(struct drops *d, int seat);

/* model_drops_turn.c */
/* The button of `seat`, not the mover's, with nothing sensed: while
 * the mover moves again, a foul for a move out of turn whose every
 * piece went unseen (1); 0 otherwise. */
int drops_turn_button(struct drops *d, int seat);
/* The other player's button with drops pending that the mover's move
 * reads with pulses left over after its last drop: those are the other
 * player's move (overlapping it when begun sooner than a hand can);
 * the mover's move is judged without them. 1 when so (the button is
 * then read for the other player's drops). */
int drops_turn_pending(struct drops *d, int seat);

/* model_drops_outturn.c */
/* The button of `seat`, not the mover's, with drops pending while the
 * mover moves again: when the mover's move fits the drops only with its
 * first pieces unseen and faults DROPS_MARGIN_EXACT or dearer, no pulse
 * over after its last drop, and the first drop is where a move of
 * `seat` begins, it is held as maybe a move of `seat` out of turn, for
 * the arbiter alone to decide (1); else 0. */
int drops_out_of_turn(struct drops *d, int seat);

/* model_drops_twin.c */
/* Move `e` is about to be taken on pend[0..n): noted when those drops
 * are exactly another move's pieces sown the wrong way round. */
void drops_twin_note(struct drops *d, int e, int n);
/* On a table with drop gates alone, no drop tells move `e` (its drops
 * pend[0..n) exactly) from its twin: once its mover has been seen
 * sowing the wrong way round in this game, held, saying what to check
 * (1); 0 when it has none, or they have not. */
int drops_twin_hold(struct drops *d, int e, int n);
/* After it was taken: the record's pieces at both places. */
void drops_twin_taken(struct drops *d);
/* pend[0..n) are the noted move's drops again, from the place the
 * record says it emptied, and `best` does not fit them exactly: held
 * naming both places and the earlier move (1), or 0. */
int drops_twin_judge(struct drops *d, int n, int best);

/* model_drops_rival.c */
/* On a table with drop gates alone, move `e` is about to be taken on
 * pend[0..n) while another legal move (its hand's shadow on the place
 * lifted, or its first piece missed) fits them less than ten times
 * worse: held, naming both places and what to check (1); else 0. */
int drops_rival_hold(struct drops *d, int e, int n);

/* model_drops_judge.c */
/* Holds expect[e] with `why` and `about` (`ask`: what is asked). */
void drops_hold(struct drops *d, int e, const char *why,
		const struct ref_about *about, const char *ask);
/*
 * Judges pend[0..n) as one whole move: accept, accept with a warning,
 * hold for confirmation, or foul.
 */
void drops_judge(struct drops *d, int n);
/* Move `best` (expect[best]) read from pend[0..n) both ways, as a legal
 * move and as a misplay: taken, held or a foul. */
void drops_decide(struct drops *d, int n, int best);
/* A misplay whose board the counts cannot tell from move `e`'s (a lap
 * sown the wrong way round, or drops no misplay explains; not a seed
 * left behind, two in one place, a place passed over, a seed where the
 * mover may not sow, a capture not carried, another place sown from)
 * explains pend[0..n) three times better than `e`. */
int drops_misplay_likelier(struct drops *d, int e, int n);
/* Move `e`'s pieces sown the wrong way round fit pend[0..n) better than
 * `e`, short of a foul's cost or three times better: that cost, else
 * -1. */
int drops_reversed_fits(struct drops *d, int e, int n);
/* A foul: `why`, and the drops pend[0..n). */
void drops_foul(struct drops *d, int n, const char *why,
		struct ref_about *about);
/* Takes move `e` (expect[e]) read from pend[0..n), with a warning when
 * its drops show faults, `also` added to it then. */
void drops_accept(struct drops *d, int e, int n, struct ref_about *about,
		  const char *also);
/* The misplay in words ("the drops of a stop 1 seed short"); `foul`
 * adds what it may have been. */
void drops_misplay_words(struct drops *d, enum drops_misplay mis,
			 const struct sense_expect *x, int at, int foul,
			 char *buf, size_t len);

/* model_drops_read.c */
/* The drops read both ways: the legal move that fits best, and the
 * likeliest misplay of any legal move. */
struct reading {
	int move;		/* the legal move: index in expect */
	int legal;		/* its cost, with the board's faults */
	enum drops_misplay mis;	/* the likeliest misplay */
	int illegal;		/* its cost */
	int base;		/* the move misplayed, or -1 */
	int at;			/* where in it: the step, or pieces short */
	int where[2];		/* the places it is about, or -1 */
	int cost[MIS_COUNT];	/* the best of each kind, MATCH_FAR: none */
	int onward;		/* the mover sows on at once after the legal
				   move, which gives another turn: the
				   misplay needs a second (out of turn) to
				   be a foul */
	struct drops *d;	/* with `near`: the drops read */
	const int *near;	/* counts: only misplays whose board is
				   within one place of them, and not the
				   legal move's, are read (NULL: all) */
};
/*
 * pend[0..n) read both ways, move `best` the legal move. Misplays are
 * read only when they could be likelier: when the legal reading costs
 * more than a misplay less the margin.
 */
void drops_read(struct drops *d, int best, int n, struct reading *g);
/* pend[0..n) read as the misplays (a piece left behind, two in one
 * place, a place passed over, the wrong way round) whose board is one
 * place or none off the counts `seen` and is not move `best`'s, however
 * well `best` reads: the likeliest of them in `g` (g->base -1: none). */
void drops_read_near(struct drops *d, int best, int n, const int *seen,
		     struct reading *g);
/* model_drops_onward.c: the reading `g` of pend[0..n) is the legal
 * move one piece short: 1 when that move gives its mover another turn
 * and the drops after n begin a sowing of the mover's again (a piece
 * left behind would have handed the turn over). */
int drops_sown_on(struct drops *d, const struct reading *g, int n);
/* The move whose reading (drops_evaluate()) costs least, the first of
 * those that tie; -1 when no move is expected. */
int drops_cheapest(const struct drops *d);
/* model_drops_revise.c: the taken move (d->last) as expected from the
 * position before it, in d->prev; NULL at the game's start or when no
 * move of that name is expected there. */
const struct sense_expect *drops_taken_expect(struct drops *d);
/* The board's values as move `e` leaves it; 0 when the game has none. */
int drops_after(struct drops *d, const struct sense_expect *e, int *values);
/* What the table checks of move x's origin once made, into check
 * (left as it is when x cannot be played from here). */
void drops_origin_check(struct drops *d, const struct sense_expect *x,
			char *check, size_t size);
/* Place `h` is one of move `e`'s: on its path, its tail or its origin. */
int drops_own_place(const struct sense_expect *e, int h);
/* A move of next[0..n) is lifted from place `h` or drops its first
 * piece there. */
int drops_move_begins(const struct sense_expect *next, int n, int h);
/* `s` read as move `e` of the mover and move `f` of the next player
 * (`seat`), whose first drop is the one pulse `at`, at `cost`. */
void drops_split_one(struct drops_split *s, int e, int f, int seat, int at,
		     int cost);
/* ": pit c should now be empty and pit e should hold 1": the origins of
 * moves `e` and `f` as move `e` leaves them, for a hold's text
 * (model_drops_twin.c). */
void drops_origins_check(struct drops *d, int e, int f, char *buf,
			 size_t len);
/* `values`, the board move `x` leaves, made the board its misplay `mis`
 * at `at` leaves (pieces short, the step doubled or passed over); 0
 * when there is no such misplay. */
int drops_misplayed(const struct sense_expect *x, enum drops_misplay mis,
		    int at, int *values);
/* The counts the misplay would leave (base move's, then the pieces
 * moved); 0 when the game has no counts. */
int drops_misplay_counts(struct drops *d, const struct reading *g,
			 int *values);

/* model_drops_press.c */
/* Move `r` taken on pend[0..n) at its mover's button: when it fit
 * exactly, the pause from its last drop to the button is learnt; taken
 * before the button (not at its counts), it awaits it
 * (drops_press_late()). */
void drops_press_learn(struct drops *d, int n, const struct match_result *r);
/* Judging pend[0..n) at the mover's button: what the pause since the
 * last drop costs "a legal move whose last piece went unseen" more than
 * "the hand stopped there" (a piece left behind, two in one place), as
 * match.h counts (DROPS_PRESS_CAP, DROPS_PRESS_CAP_LEGAL); 0 when the
 * timing cannot tell (no button, one drop, no tempo). */
int drops_press_cost(const struct drops *d, int n);
/* The button of `seat`, pressed at `t` with no drop since the move
 * last taken: the pause to learn when that move was clean and its
 * mover's (0: none), learnt once the button is judged, unless it was
 * read as a move unseen (drops_press_late_learn()); a drop sensed since
 * forgets it: drops_press_forget(). */
uint64_t drops_press_late(struct drops *d, int seat, uint64_t t);
void drops_press_late_learn(struct drops *d, uint64_t gap);
void drops_press_forget(struct drops *d);
/* The position changed (a move taken, a command): a button awaited is
 * no longer awaited, but for the move just taken at the hand's pause. */
void drops_press_moved(struct drops *d);
/* The mover, moving again, pressed their button at `t` with nothing
 * sensed since the move last taken: what the pause since its last drop
 * costs "a further move whose every piece went unseen" more than "the
 * button pressed all the same" (negative when the pause is too long for
 * a press of this table's and fits a move and then a press), as match.h
 * counts; 0 when the timing cannot tell (the move before not taken
 * from drops, a button since, the table's pauses not yet shown). */
int drops_press_again_cost(const struct drops *d, uint64_t t);

/* model_drops_counts.c */
/* The counts came: the move followed, or held, judged with them. */
int drops_counted(struct referee *ref, void *state, const int *values);
/* The held move confirmed, the drops kept meanwhile being read on: the
 * counts that came while it was held before `t` (every one: t 0)
 * judge the drops read on so far, as they would have as they came
 * (the count source reports a board once: still since, it sends none
 * again). */
void drops_resume_counted(struct drops *d, uint64_t t);
/* The held move confirmed (and made): the last counts that came while
 * it was held, after every drop kept, are further than one place from
 * its board: something moved after it, so the drops kept are not its
 * own last pieces fallen late. */
int drops_kept_moved(struct drops *d);

/* model_drops_near.c */
/* The counts one off move `best`'s board, and within one place of the
 * board of a misplay or of `best` and the next player's move begun at
 * once after it, which the drops pend[0..n) do not refute a hundred to
 * one against `best`: held, naming the places that differ (1); else 0. */
int drops_near_rival(struct drops *d, int best, int n, const int *seen);

/* model_drops_split.c */
/* pend[0..n) as a whole move of the mover and the beginning of a move
 * of the player after: 1 when found, into `s`. */
int drops_split(struct drops *d, int n, struct drops_split *s);
/* pend[0..n) as the beginnings of a move of the mover and of the
 * player after, interleaved: both still under way. */
int drops_split_begun(struct drops *d, int n);
/* Move `e` reads pend[0..n) with its last pulse over, sensed sooner
 * after the one before than a hand can begin, where a sowing of the
 * next player (of more than one piece) drops its first: an extra pulse,
 * or that sowing begun before the mover's last piece fell with the rest
 * of it unseen; on a board that never bounces, also a second pulse in
 * the move's last place, where a sowing of the next player's of one
 * piece drops it (the whole of it). 1 when so, into `s`. */
int drops_split_trailing(struct drops *d, int n, int e,
			 struct drops_split *s);
/* Move `e` reads pend[0..n) with its last pulse over, sensed long after
 * the one before (a hand could have begun since), away from the move's
 * own places, where a sowing of the next player (of more than one
 * piece) drops its first: that sowing begun, the rest of it not (yet)
 * sensed, rather than a stray pulse the move made: the turn has
 * passed, so the move needs no button from its mover. 1 when so, into
 * `s` (the next player's drop judged as their move). */
int drops_split_lone(struct drops *d, int n, int e, struct drops_split *s);
/* The split `s` of two players' moves (their board the counts), read
 * exactly once contact bounces and the next player's hand's shadow on
 * its origin are set aside: 1 when every such reading has a drop of
 * theirs before one of the mover's (the sowings overlapped), with `s`
 * marked so. */
int drops_split_interleaved(struct drops *d, int n, struct drops_split *s);
/* Gives the verdict on a split found: the mover's move judged alone,
 * then the next player's drops their move's beginning, or, when they
 * overlapped, a foul against the next player naming both. */
void drops_judge_split(struct drops *d, int n, const struct drops_split *s);
/* The overlapping sowing's foul, due now. */
void drops_overlap_foul(struct drops *d);
/* The held move confirmed: whether the next player's kept drops began
 * before its last piece fell (noted as an overlap). */
int drops_kept_overlap(struct drops *d);
/* The moves after move `e` (their number in *n, -1 when the game is
 * over then) and the seat that makes them. */
const struct sense_expect *drops_next(struct drops *d, int e, int *n,
				      int *seat);

/* model_drops_amid.c */
/* Move `e` reads pend[0..n) with one pulse over, between its last two
 * drops, away from its own places, where a sowing of the next player
 * drops its first: that sowing begun before the mover's last piece
 * fell, or a stray. 1 when so, into `s` (to be held, naming both). */
int drops_split_amid(struct drops *d, int n, int e, struct drops_split *s);

/* model_drops_lines.c */
/* The board has shown pulses no piece made (strays, late bounce): one
 * in DROPS_STRAYS_SHOWN of its pulses or more. */
int drops_strays_shown(const struct referee *ref);
/* The board has sensed DROPS_CLEAN_SEEDS pulses and hardly ever two
 * edges closer than a hand drops two pieces: two close edges on a line
 * are two pieces. */
int drops_never_bounces(const struct referee *ref);
/* What drops that stop one piece short cost read as misplays: a
 * piece left behind, or two dropped together that made one pulse (as
 * they always do on a board that bounces). */
int drops_short_cost(const struct referee *ref);
/* What a chance costs, as match.h counts (capped). */
int drops_chance_cost(double p);
/* The costs of each line's missed and extra pulses, from its record. */
void drops_line_costs(struct drops *d);
/* "0/212": a line's missed pulses of the pieces it was to sense. */
void drops_line_record(const struct drops *d, int hole, char *buf,
		       size_t len);
/* The deviation is the hand's shadow on the place lifted: no fault. */
int drops_is_shadow(const struct sense_expect *e, const struct match_result *r,
		    const struct match_deviation *v);
/* A pulse on the line of `obs->where`: debounced, watched for a stuck
 * or a dead line, then taken as a drop. */
void drops_pulse(struct drops *d, const struct observation *obs);
/* After a move is taken: matched lines worked, deviations are counted. */
void drops_account(struct drops *d, const struct sense_expect *e,
		   const struct match_result *r);
/*
 * Says what a move's drops got wrong, in place names, and adds the
 * places concerned to `about`. With `warn`, each sensor fault is
 * counted against its line and the count quoted; `about` keeps the
 * highest.
 */
void drops_describe(struct drops *d, const struct sense_expect *e,
		    const struct match_result *r, int warn, char *buf,
		    size_t len, struct ref_about *about);

/* model_drops_revise.c */
/* pend[0..n) are about to be taken as a move whose reading cost
 * `cost`; drops_taken_done() once it is. */
void drops_taken(struct drops *d, int n, int cost);
/* `seat`, who made the move last taken, pressed the button while drops
 * since wait: they are that mover's. Its move is read again with them
 * when that fits better, else they are set aside as its late or stray
 * pulses (noted; counted against their lines by
 * drops_aside_settled(), once a drop falls after them or a move is
 * taken). Pulses where the next player's sowing begins, or a button
 * pressed long after the first, are not the mover's: the button is only
 * late. `t`: when it was pressed. 1 when the button is spent so. */
int drops_mover_button(struct drops *d, int seat, uint64_t t);
void drops_aside_settled(struct drops *d);
/* Move `e` rests on one pulse, sensed sooner after the move before
 * ended than a hand can lift a piece and let it fall: held instead of
 * taken (1), for it is likelier a late or stray pulse. */
int drops_too_soon(struct drops *d, int e, int n);
/* Move `e` rests on one pulse, on a board that makes stray pulses, and
 * its mover has not pressed the button by the end of the quiet period
 * though the turn passes: held (1), naming what to check. */
int drops_lone_pulse(struct drops *d, int e, int n);
void drops_taken_done(struct drops *d);

/* model_drops_lone.c */
/* Whether the best whole move of pend[0..n) hands the turn over to a
 * player who must wait for the button: not when it gives its mover
 * another turn, nor when it ends the game (play after it is play after
 * the end, button or not). */
int drops_passes_turn(struct drops *d, int n);
/* After each drop, `passes` when pend is one pulse and a whole move that
 * hands the turn over (drops_passes_turn(), no count source): on a
 * table with turn buttons its mover's button is awaited through the
 * quiet period (lone_wait), and the move doubted when none comes (lone)
 * on a board that makes strays or when it is a tail split off. */
void drops_lone_note(struct drops *d, int passes);
/* The split `s` judged at the quiet period's end leaves `nt` drops to
 * the next player: one pulse, of a player other than `mover` (who made
 * the move judged), with no button from either: doubted. */
int drops_tail_lone(const struct drops *d, const struct drops_split *s,
		    int nt, int mover);
/* A drop at `hole` at `t`, after the pulse awaited (lone_wait, not
 * doubted) past the pause that ends a sowing: 1 when the pulse is to be
 * judged first, as at that pause (the drop is where a sowing of the next
 * player begins, or in the place the pulse's move was lifted from, and
 * not where a sowing lifted from the pulse's place goes on); else 0,
 * the drop read with it. */
int drops_lone_first(struct drops *d, int hole, uint64_t t);

/* model_drops_reach.c */
/* The mover of the move before pressed the button after one pulse, in
 * the place where that move's sowing ended or next to it, which begins a move
 * of the player to move: the pulse is noted (reach_t). */
void drops_reach_note(struct drops *d);
/* The drops under way are that one pulse alone: its mover's button is
 * awaited through the quiet period, as it makes the move theirs. */
int drops_reach_waits(const struct drops *d);
/* Move `e` rests on that one pulse alone: held (1), naming both the
 * move before, whose hand may have made it, and what to check. */
int drops_reach_hold(struct drops *d, int e, int n);
/* The drops of the move under way, the first after a move taken from
 * its drops, show the hand that made it had only paused: that move is
 * taken back and pend holds all its drops, read anew. 1 when so. */
int drops_revise(struct drops *d);
/* As the quiet period ends: one pulse since a move taken, whose mover
 * moves again, that makes that move whole far likelier than it reads
 * alone is that move's last seed: the move is read again with it. 1
 * when so. */
int drops_revise_late(struct drops *d);

/* model_drops_pace.c */
/* Move `r` taken on pend[0..n): when it fit exactly, the steps between
 * its drops are learnt as the pace of this table's hands. */
void drops_pace_learn(struct drops *d, int n, const struct match_result *r);
/* The table's usual longest step between two drops of a sowing: the
 * pause that may part two moves until it has shown enough steps, never
 * longer than the quiet period. */
uint64_t drops_pace_step(const struct referee *ref, const struct drops *d);
/* After each drop, `again` when pend is one pulse and a whole move that
 * does not hand the turn over (no count source): whether it gives its
 * mover another turn (pace_one, pace_move). */
void drops_pace_note(struct drops *d, int again);
/* The wait `wait` of a whole move, at least the table's usual longest
 * step when it is such a move. */
uint64_t drops_pace_wait(const struct referee *ref, const struct drops *d,
			 uint64_t wait);
/* The drop just sensed, `gap` after such a pulse (pend[0], whole at
 * `whole_before`) and within the table's usual longest step: 1 when
 * the two read as one sowing begun three times likelier than as that
 * move and the beginning of its mover's next one (read on together);
 * 0 when the pulse is to be taken first. */
int drops_pace_together(struct drops *d, int whole_before, uint64_t gap);

/* model_drops_hand.c */
/* Whether a move after expected move `e`, made by the other seat,
 * begins at `hole` (its place lifted, the hand's shadow, or its first
 * piece). */
int drops_next_begins_at(struct drops *d, int e, int hole);
/* How long a hand that still holds pieces may pause. */
uint64_t drops_hand_pause(const struct referee *ref, const struct drops *d);
/* A drop at `hole` at `t`, after the hand paused past two quiet periods
 * with its sowing begun, where the next player's move may begin: 1 when
 * the drops before it are to be judged first. */
int drops_other_hand(struct drops *d, int hole, uint64_t t);

#endif
