/*
 * web.h - the dashboard and JSON API, served by libmicrohttpd inside
 * pitbossd. The server runs in its own threads: handlers read the
 * database on their own connections and write nothing but commands,
 * queued through the same door as the CLI's (the commands queue), whose
 * bell they ring. The main loop carries the commands out and feeds the
 * server what only the daemon knows: verdicts as they are given (for
 * server-sent events), each table's live state, and each command
 * answered.
 */
#ifndef PITBOSS_WEB_H
#define PITBOSS_WEB_H

#include <stddef.h>
#include <stdint.h>

struct web_config {
	char listen[64];		/* IPv4 or IPv6 address */
	unsigned port;			/* 0: any free port (tests) */
	char db_path[4096];
	char assets[4096];		/* a folder of the pages, script and
					   style; "": those compiled in */
	char password_hash[128];	/* crypt(3) hash; "": no admin */
	unsigned connection_limit;	/* 0: 256 */
	unsigned per_ip_limit;		/* 0: 64 */
	unsigned timeout_s;		/* idle connection timeout; 0: 30 */
	char tls_cert[4096];		/* PEM files; "": plain HTTP */
	char tls_key[4096];
};

struct web;

/* Starts the server; NULL with the reason. Stop with web_stop(). */
struct web *web_start(const struct web_config *config, char *err,
		      size_t errlen);
void web_stop(struct web *web);
/* The port listened on. */
unsigned web_port(const struct web *web);

/*
 * From the main loop. `json` is one JSON object: a verdict (sent to
 * every open event stream, kept in a ring for Last-Event-ID), or a
 * table's live state (position, whose turn, sensor health...).
 */
void web_publish(struct web *web, const char *json);
void web_table_state(struct web *web, int64_t board_id, const char *json);
/* A board's settings from pitboss.conf: the players' PINs by seat
 * ("4711, 0815"), which open the player page, and whether spectators see
 * a game's analysis while it is played (else once it is over). */
void web_table_settings(struct web *web, int64_t board_id, const char *pins,
			int live_analysis);
/* The board's camera image (a PNG file: the last frame read with the
 * places drawn, or the calibration's overlay), shown to the arbiter;
 * "" or NULL: none. */
void web_table_camera(struct web *web, int64_t board_id, const char *png);
/* Whether games at the board show their analysis while played. */
int web_live_analysis(struct web *web, int64_t board_id);

/*
 * The commands door's bell: `ring` is called on a handler's thread as
 * soon as a command it queued is committed, and must only wake the
 * main loop. NULL: none (the door looks on its own).
 */
typedef void (*web_bell_fn)(void *ctx);
void web_set_door(struct web *web, web_bell_fn ring, void *ctx);
/* From the main loop: command `id`'s outcome is committed; the handler
 * waiting on it answers at once. */
void web_command_answered(struct web *web, int64_t id);

#endif
