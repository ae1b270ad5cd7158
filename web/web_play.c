/*
 * web_play.c - the player page's side of the API: with his seat's PIN
 * (pins in pitboss.conf) a player sees what only he may know of the
 * game under way at his table (his secret in the hidden-code game) and
 * enters his own moves, through the same commands door as the arbiter.
 * Wrong PINs count against the address like wrong passwords.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "web/web_impl.h"

void web_table_settings(struct web *web, int64_t board_id, const char *pins,
			int live_analysis)
{
	int i;

	pthread_mutex_lock(&web->lock);
	i = web_live_slot(web, board_id);
	if (i >= 0) {
		snprintf(web->live[i].pins, sizeof(web->live[i].pins), "%s",
			 pins);
		web->live[i].live_analysis = live_analysis;
	}
	pthread_mutex_unlock(&web->lock);
}

int web_live_analysis(struct web *web, int64_t board_id)
{
	int live = 0;

	pthread_mutex_lock(&web->lock);
	for (int i = 0; i < web->nlive; i++)
		if (web->live[i].board == board_id)
			live = web->live[i].live_analysis;
	pthread_mutex_unlock(&web->lock);
	return live;
}

/* The PIN of `seat` (from 1) at the board into `pin`; -1 if none. */
static int seat_pin(struct web *web, int64_t board, int seat, char *pin,
		    size_t len)
{
	char pins[64] = "", *save = NULL, *p;
	int n = 0;

	for (int i = 0; i < web->nlive; i++)
		if (web->live[i].board == board)
			snprintf(pins, sizeof(pins), "%s", web->live[i].pins);
	for (p = strtok_r(pins, ", ", &save); p != NULL;
	     p = strtok_r(NULL, ", ", &save))
		if (++n == seat) {
			snprintf(pin, len, "%s", p);
			return 0;
		}
	return -1;
}

/* The seat and PIN of the body, checked; the seat from 1, or 0. */
static int player_of(struct web_request *r)
{
	char seat_text[8], pin[16], want[16];
	int seat, good;

	if (web_body_field(r, "seat", seat_text, sizeof(seat_text)) != 0 ||
	    web_body_field(r, "pin", pin, sizeof(pin)) != 0 ||
	    (seat = atoi(seat_text)) < 1 || seat > RULES_MAX_SEATS) {
		web_error(r, 400, "seat and pin are needed");
		return 0;
	}
	pthread_mutex_lock(&r->web->lock);
	if (!web_login_allowed(r, 0)) {
		pthread_mutex_unlock(&r->web->lock);
		web_error(r, 429, "too many wrong PINs; wait a minute");
		return 0;
	}
	good = seat_pin(r->web, r->param[0], seat, want, sizeof(want)) == 0 &&
	       web_equal_time(pin, want);
	if (!good)
		web_login_allowed(r, 1);
	pthread_mutex_unlock(&r->web->lock);
	if (!good) {
		web_error(r, 403, "wrong seat or PIN");
		return 0;
	}
	return seat;
}

/* The game under way at the board, its rules game and position. */
static int current(struct web_request *r, struct rules_game **game,
		   void **pos)
{
	struct db *db = web_db_acquire(r->web);
	struct db_game_info g;
	const struct rules *ops;
	char err[RULES_ERR_MAX];
	int64_t id = 0;
	int rc = -1;

	*game = NULL;
	*pos = NULL;
	if (db_game_playing_at(db, r->param[0], &id) != DB_OK || id == 0 ||
	    db_game_get(db, id, &g) != DB_OK) {
		web_error(r, 404, "no game under way at table %" PRId64,
			  r->param[0]);
		goto out;
	}
	ops = rules_find(g.kind);
	if (ops == NULL ||
	    (*game = rules_game_new(ops, g.options, err, sizeof(err))) == NULL ||
	    (*pos = calloc(1, rules_position_size(*game))) == NULL ||
	    ops->position_parse(*game, g.position, *pos, err,
				sizeof(err)) < 0) {
		web_error(r, 500, "game %" PRId64 " cannot be read", id);
		goto out;
	}
	rc = 0;
out:
	web_db_release(r->web, db);
	return rc;
}

/* The id of the game under way at the board, or 0 after answering 404. */
static int64_t under_way(struct web_request *r)
{
	struct db *db = web_db_acquire(r->web);
	int64_t id = 0;

	if (db_game_playing_at(db, r->param[0], &id) != DB_OK)
		id = 0;
	web_db_release(r->web, db);
	if (id == 0)
		web_error(r, 404, "no game under way at table %" PRId64,
			  r->param[0]);
	return id;
}

void api_secret(struct web_request *r)
{
	struct rules_game *game;
	struct jbuf b = { 0 };
	char view[256], enter[64], text[112];
	int64_t game_id;
	void *pos;
	int seat = player_of(r);

	if (seat == 0)
		return;
	/* With "enter": the player's own secret, through the door. */
	switch (web_body_field(r, "enter", enter, sizeof(enter))) {
	case 0:
		if (strlen(enter) > 8) {
			web_error(r, 400, "enter: a secret is a colour and a "
				  "place, such as R3");
			return;
		}
		/* For the game under way now, not the next one. */
		if ((game_id = under_way(r)) == 0)
			return;
		snprintf(text, sizeof(text), "%" PRId64 " %d %s", game_id, seat,
			 enter);
		web_run_command(r, "secret", text);
		explicit_bzero(text, sizeof(text));
		explicit_bzero(enter, sizeof(enter));
		return;
	case -2:
		web_error(r, 400, "the body is not a JSON object of strings");
		return;
	}
	if (current(r, &game, &pos) < 0)
		return;
	if (game->ops->seat_view == NULL)
		snprintf(view, sizeof(view), "%s keeps no secrets",
			 game->ops->name);
	else if (game->ops->seat_view(game, pos, seat - 1, view,
				      sizeof(view)) < 0)
		snprintf(view, sizeof(view), "no such seat in this game");
	jbuf_printf(&b, "{\"seat\":%d,\"view\":", seat);
	jbuf_str(&b, view);
	jbuf_printf(&b, "}");
	web_json(r, &b);
	free(pos);
	rules_game_free(game);
}

void api_play(struct web_request *r)
{
	struct rules_game *game;
	struct rules_move move;
	char text[128], err[RULES_ERR_MAX];
	void *pos;
	int seat = player_of(r), maker;

	if (seat == 0)
		return;
	if (web_body_field(r, "move", text, sizeof(text)) != 0) {
		web_error(r, 400, "move is needed");
		return;
	}
	if (current(r, &game, &pos) < 0)
		return;
	/* A player makes his own moves only. */
	if (game->ops->move_parse(game, pos, text, &move, err,
				  sizeof(err)) < 0) {
		web_error(r, 400, "%s", err);
		goto out;
	}
	maker = game->ops->move_seat != NULL ?
		game->ops->move_seat(game, pos, &move) :
		game->ops->to_move(game, pos).seat;
	if (maker != seat - 1) {
		web_error(r, 403, "%s is not a move of seat %d", text, seat);
		goto out;
	}
	web_run_command(r, "entry", text);
out:
	free(pos);
	rules_game_free(game);
}
