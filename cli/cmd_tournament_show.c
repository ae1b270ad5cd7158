/*
 * cmd_tournament_show.c - `pitboss tournament show` (the bracket or the
 * rounds of a round robin) and `tournament standings`.
 */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_db.h"
#include "cli/cmd_tournament.h"
#include "db/roundrobin.h"

static const char *round_name(const struct db_bracket_match *m, int rounds,
			      char *buf, size_t len)
{
	if (rounds == 0) {	/* a round robin */
		snprintf(buf, len, "round %d", m->round);
		return buf;
	}
	if (m->third_place)
		return "third place";
	if (m->round == rounds)
		return "final";
	if (m->round == rounds - 1)
		return "semi-final";
	snprintf(buf, len, "round %d", m->round);
	return buf;
}

struct show_ctx;
static int show_row(struct show_ctx *s, const struct db_bracket_match *m);

struct show_ctx {
	int json, n, rounds;
	struct cli_table *table;
	char name[RR_MAX + 1][NAMES_MAX_BYTES];	/* by seed (round robin) */
};

static int show_each(void *ctx, const struct db_bracket_match *m)
{
	struct show_ctx *s = ctx;

	for (int k = 0; k < 2; k++)
		if (m->seed[k] > 0 && m->seed[k] <= RR_MAX)
			snprintf(s->name[m->seed[k]], sizeof(s->name[0]), "%s",
				 m->name[k]);
	return show_row(s, m);
}

static int show_row(struct show_ctx *s, const struct db_bracket_match *m)
{
	char match[16], round[24], series[24], score[32], a[300], b[300];
	const char *result;

	if (s->json) {
		printf("%s{\"match\":%d,\"round\":%d,\"third_place\":%s,",
		       s->n ? "," : "", m->match, m->round,
		       m->third_place ? "true" : "false");
		for (int k = 0; k < 2; k++) {
			printf("\"%s\":", k ? "b" : "a");
			if (m->player[k] == 0) {
				printf("null,");
				continue;
			}
			printf("{\"player\":%" PRId64 ",\"seed\":%d,"
			       "\"seeded\":%s,\"name\":", m->player[k],
			       m->seed[k], m->seeded[k] ? "true" : "false");
			cli_json_string(stdout, m->name[k]);
			printf(",\"total\":%d},", m->total[k]);
		}
		printf("\"series\":");
		if (m->series_id)
			printf("%" PRId64, m->series_id);
		else
			printf("null");
		printf(",\"decided\":\"%s\",\"winner\":", m->how);
		if (m->winner)
			printf("%" PRId64 "}", m->winner);
		else
			printf("null}");
		s->n++;
		return 0;
	}
	snprintf(match, sizeof(match), "%d", m->match + 1);
	for (int k = 0; k < 2; k++) {
		char *out = k ? b : a;

		if (m->player[k] && m->seeded[k])
			snprintf(out, 300, "%s (%d)", m->name[k], m->seed[k]);
		else if (m->player[k])
			snprintf(out, 300, "%s", m->name[k]);
		else
			snprintf(out, 300, "%s", m->name[k][0] ? m->name[k] : "?");
	}
	if (m->series_id)
		snprintf(series, sizeof(series), "%" PRId64, m->series_id);
	else
		snprintf(series, sizeof(series), "-");
	if (m->series_id)
		snprintf(score, sizeof(score), "%d-%d", m->total[0], m->total[1]);
	else
		snprintf(score, sizeof(score), "-");
	if (strcmp(m->how, "pending") == 0)
		result = m->series_id ? "playing" : "waiting";
	else if (m->winner == m->player[0])
		result = strcmp(m->how, "played") == 0 ? "A wins" : m->how;
	else
		result = strcmp(m->how, "played") == 0 ? "B wins" : m->how;
	if (strcmp(m->how, "forfeit") == 0 || strcmp(m->how, "withdrawal") == 0) {
		static char text[48];

		snprintf(text, sizeof(text), "%s by %s",
			 m->winner == m->player[0] ? "A wins" : "B wins", m->how);
		result = text;
	}
	cli_table_row(s->table, match,
		      round_name(m, s->rounds, round, sizeof(round)), a, b,
		      series, score, result);
	s->n++;
	return 0;
}

static int rounds_of(int entrants)
{
	int rounds = 0;

	for (int size = 1; size < entrants; size *= 2)
		rounds++;
	return rounds;
}

void tournament_json(struct cli_json *j, const struct db_tournament_info *t,
		     int comma)
{
	cli_json_open(j, stdout, comma);
	cli_json_int(j, "id", t->id);
	cli_json_str(j, "name", t->name);
	cli_json_str(j, "game", t->kind);
	cli_json_str(j, "options", t->options);
	cli_json_int(j, "target", t->target);
	cli_json_bool(j, "third_place", t->third_place);
	cli_json_str(j, "status", t->status);
	cli_json_int(j, "entrants", t->entrants);
	if (t->random)
		cli_json_u64_text(j, "random_seed", t->random_seed);
	else
		cli_json_null(j, "random_seed");
	cli_json_str_or_null(j, "champion", t->champion_name);
	cli_json_bool(j, "auto_call", t->auto_call);
	cli_json_str(j, "format", t->format);
}

/* A round robin of an odd field: who has the bye in each round. */
static void rr_byes(const struct show_ctx *s, int n)
{
	if (n % 2 == 0 || rr_rounds(n) < 0)
		return;
	printf("\nbyes:      ");
	for (int r = 1; r <= rr_rounds(n); r++)
		printf("%sround %d %s", r > 1 ? ", " : "", r,
		       s->name[rr_bye(n, r)]);
	putchar('\n');
}

int tournament_show(int argc, char **argv)
{
	struct cli_json j;
	struct db_tournament_info t;
	struct cli_common co;
	struct show_ctx *s = calloc(1, sizeof(*s));
	struct db *db;
	int rc = s == NULL ? EXIT_REFUSED :
		 tournament_args("tournament show", argc, argv, &co, 1, 1);

	if (rc >= 0 || (rc = tournament_open(&co, DB_OPEN_READONLY,
					       argv[optind], &db, &t)) != EXIT_OK) {
		free(s);
		return rc;
	}
	s->json = co.json;
	s->rounds = strcmp(t.format, DB_FORMAT_ROUND_ROBIN) == 0 ? 0 :
		   rounds_of(t.entrants);
	if (co.json) {
		tournament_json(&j, &t, 0);
		cli_json_member(&j, "matches");
		putchar('[');
	} else {
		printf("tournament %" PRId64 ": %s\n", t.id, t.name);
		printf("game:       %s%s%s, series to %d%s%s\n", t.kind,
		       t.options[0] ? " " : "", t.options, t.target,
		       t.third_place ? ", third-place series" : "",
		       s->rounds == 0 ? ", round robin" : "");
		printf("status:     %s, %d entrant%s\n", t.status, t.entrants,
		       t.entrants == 1 ? "" : "s");
		if (t.random)
			printf("draw:       random, seed %" PRIu64 "\n",
			       t.random_seed);
		if (t.champion_name[0])
			printf("champion:   %s\n", t.champion_name);
		s->table = cli_table_new(7, "MATCH", "ROUND", "A", "B", "SERIES",
					"SCORE", "RESULT");
	}
	if (strcmp(t.status, "entry") != 0)
		rc = cli_db_result(db, db_tournament_bracket(db, t.id, show_each,
							     s));
	if (co.json) {
		printf("]}\n");
	} else {
		if (rc == EXIT_OK && s->n > 0) {
			putchar('\n');
			cli_table_print(s->table, stdout);
		}
		cli_table_free(s->table);
		if (rc == EXIT_OK && s->rounds == 0 &&
		    strcmp(t.status, "entry") != 0)
			rr_byes(s, t.entrants);
	}
	free(s);
	db_close(db);
	return rc;
}

static void status_text(const struct standing *r, char *buf, size_t len)
{
	switch (r->status) {
	case STANDING_ELIMINATED:
		snprintf(buf, len, "out in round %d by %s%s", r->out_round,
			 r->out_by, r->out_forfeit ? " (forfeit)" : "");
		break;
	default:
		snprintf(buf, len, "%s", standings_status_name(r->status));
	}
}

/* A round robin's standings: points, then the tie-breaks, and which
 * one ranks each player above the next. */
static void rr_standings(const struct db_tournament_info *t,
			 const struct standing *rows, size_t n, int json)
{
	struct cli_json j;
	struct cli_table *table = NULL;

	if (json) {
		tournament_json(&j, t, 0);
		cli_json_member(&j, "standings");
		putchar('[');
	} else {
		table = cli_table_new(10, "#", "PLAYER", "POINTS", "H2H", "SB",
				      "DIFF", "FOR", "SERIES W-L",
				      "GAMES W-L-D", "ABOVE THE NEXT BY");
	}
	for (size_t i = 0; i < n; i++) {
		const struct standing *r = &rows[i];
		char c[8][48];

		if (json) {
			printf("%s{\"rank\":%zu,\"player\":%" PRId64
			       ",\"name\":", i ? "," : "", i + 1, r->player_id);
			cli_json_string(stdout, r->name);
			printf(",\"seed\":%d,\"seeded\":%s,\"status\":\"%s\","
			       "\"points\":%d,"
			       "\"head_to_head\":%d,\"sonneborn_berger\":%d,"
			       "\"series_won\":%d,\"series_lost\":%d,"
			       "\"games_won\":%d,\"games_lost\":%d,"
			       "\"games_drawn\":%d,\"points_for\":%d,"
			       "\"points_against\":%d,\"above_next_by\":",
			       r->seed, r->seeded ? "true" : "false",
			       standings_status_name(r->status),
			       r->points, r->head_to_head, r->sonneborn_berger,
			       r->series_won, r->series_lost, r->games_won,
			       r->games_lost, r->games_drawn, r->points_for,
			       r->points_against);
			cli_json_string(stdout, r->separated_by);
			putchar('}');
			continue;
		}
		snprintf(c[0], sizeof(c[0]), "%zu", i + 1);
		snprintf(c[1], sizeof(c[1]), "%d", r->points);
		snprintf(c[2], sizeof(c[2]), "%d", r->head_to_head);
		snprintf(c[3], sizeof(c[3]), "%d", r->sonneborn_berger);
		snprintf(c[4], sizeof(c[4]), "%+d",
			 r->points_for - r->points_against);
		snprintf(c[5], sizeof(c[5]), "%d", r->points_for);
		snprintf(c[6], sizeof(c[6]), "%d-%d", r->series_won,
			 r->series_lost);
		snprintf(c[7], sizeof(c[7]), "%d-%d-%d", r->games_won,
			 r->games_lost, r->games_drawn);
		cli_table_row(table, c[0], r->name, c[1], c[2], c[3], c[4],
			      c[5], c[6], c[7],
			      r->separated_by ? r->separated_by : "-");
	}
	if (json) {
		printf("]}\n");
		return;
	}
	printf("%s standings (round robin, %s)\n\n", t->name, t->status);
	cli_table_print(table, stdout);
	cli_table_free(table);
}

int tournament_standings(int argc, char **argv)
{
	struct cli_json j;
	struct db_tournament_info t;
	struct standing *rows = NULL;
	struct cli_common co;
	struct cli_table *table;
	struct db *db;
	size_t n = 0;
	int rc = tournament_args("tournament standings", argc, argv, &co, 1, 1);

	if (rc >= 0)
		return rc;
	if ((rc = tournament_open(&co, DB_OPEN_READONLY, argv[optind], &db,
				  &t)) != EXIT_OK)
		return rc;
	rc = cli_db_result(db, db_tournament_standings(db, t.id, &rows, &n));
	if (rc != EXIT_OK) {
		db_close(db);
		return rc;
	}
	if (strcmp(t.format, DB_FORMAT_ROUND_ROBIN) == 0) {
		rr_standings(&t, rows, n, co.json);
	} else if (co.json) {
		tournament_json(&j, &t, 0);
		cli_json_member(&j, "standings");
		putchar('[');
		for (size_t i = 0; i < n; i++) {
			const struct standing *r = &rows[i];

			printf("%s{\"rank\":%zu,\"player\":%" PRId64 ",\"name\":",
			       i ? "," : "", i + 1, r->player_id);
			cli_json_string(stdout, r->name);
			printf(",\"seed\":%d,\"seeded\":%s,\"round_reached\":%d,"
			       "\"status\":\"%s\",\"out_round\":", r->seed,
			       r->seeded ? "true" : "false", r->round_reached,
			       standings_status_name(r->status));
			if (r->status == STANDING_ELIMINATED) {
				printf("%d,\"out_by\":", r->out_round);
				cli_json_string(stdout, r->out_by);
			} else {
				printf("null,\"out_by\":null");
			}
			printf(",\"forfeit\":%s,\"series_won\":%d,"
			       "\"series_lost\":%d,\"games_won\":%d,"
			       "\"games_lost\":%d,\"games_drawn\":%d,"
			       "\"points_for\":%d,\"points_against\":%d}",
			       r->out_forfeit ? "true" : "false", r->series_won,
			       r->series_lost, r->games_won, r->games_lost,
			       r->games_drawn, r->points_for, r->points_against);
		}
		printf("]}\n");
	} else {
		table = cli_table_new(10, "#", "PLAYER", "SEED", "ROUND",
				      "STATUS", "SERIES W-L", "GAMES W-L-D",
				      "FOR", "AGAINST", "DIFF");
		for (size_t i = 0; i < n; i++) {
			const struct standing *r = &rows[i];
			char rank[24], seed[16], round[16], status[320],
			     series[32], games[48], pf[16], pa[16], diff[16];

			snprintf(rank, sizeof(rank), "%zu", i + 1);
			if (r->seeded)
				snprintf(seed, sizeof(seed), "%d", r->seed);
			else
				snprintf(seed, sizeof(seed), "-");
			snprintf(round, sizeof(round), "%d", r->round_reached);
			status_text(r, status, sizeof(status));
			snprintf(series, sizeof(series), "%d-%d", r->series_won,
				 r->series_lost);
			snprintf(games, sizeof(games), "%d-%d-%d", r->games_won,
				 r->games_lost, r->games_drawn);
			snprintf(pf, sizeof(pf), "%d", r->points_for);
			snprintf(pa, sizeof(pa), "%d", r->points_against);
			snprintf(diff, sizeof(diff), "%+d",
				 r->points_for - r->points_against);
			cli_table_row(table, rank, r->name, seed, round, status,
				      series, games, pf, pa, diff);
		}
		printf("%s standings (%s)\n\n", t.name, t.status);
		cli_table_print(table, stdout);
		cli_table_free(table);
	}
	free(rows);
	db_close(db);
	return EXIT_OK;
}
