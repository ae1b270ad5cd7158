/*
 * web_impl.h - what the files of the web server share: the server's
 * state, the request being answered, and the handlers of the route
 * table (web.c: server, routes, files; web_api.c: the JSON API;
 * web_events.c: server-sent events; web_admin.c: login and commands;
 * web_guard.c: connections per address, request deadlines, streams
 * that lag behind; web_solve.c: the spectators' value bar;
 * web_command.c: commands through the door, their requests suspended
 * until answered; web_pool.c: the database's readers; web_login.c:
 * the passwords hashed off libmicrohttpd's threads; web_park.c: the
 * connections suspended until what they wait for comes).
 */
#ifndef PITBOSS_WEB_IMPL_H
#define PITBOSS_WEB_IMPL_H

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

#include "db/db.h"
#include "web/jbuf.h"
#include "web/web.h"
#include "web/web_park.h"

#define WEB_BODY_MAX 16384	/* request bodies larger are refused */
#define WEB_CONN_MEMORY 16384	/* a connection's memory: a request's head
				   (cookies of 4 KiB fit) and an answer's */
#define WEB_RING 1024		/* verdicts kept for Last-Event-ID */
#define WEB_LIVE_MAX 64		/* tables with a live state */
#define WEB_THREADS 4		/* libmicrohttpd's threads, each polling
				   its share of the connections */
#define WEB_POOL WEB_THREADS	/* read connections to the database: one
				   each thread keeps for its requests */
#define WEB_POOL_CACHE_KIB 1000	/* the file's pages each keeps */
#define WEB_SESSIONS 32
#define WEB_LOGIN_TRACK 256	/* addresses whose logins are counted */
#define WEB_CACHE 64		/* API answers kept until the data change */
#define WEB_CACHE_BYTES (512 * 1024)	/* and their bodies' bytes at most */
#define WEB_KEY_MAX 256		/* a kept answer's path and query */
#define WEB_VERSION_US 1000	/* the database asked for changes at most
				   this often (microseconds) */
#define WEB_VERSION_WAIT_US 5000	/* an answer older is waited for */
/* The files' Cache-Control: kept, and asked for again with their ETag
 * (304 when unchanged), so a new version shows at once. */
#define WEB_FILE_CACHE "no-cache"
#define WEB_CONNECTIONS 256	/* web.connection-limit's default */
#define WEB_PER_IP 64		/* web.per-ip-limit's default */
#define WEB_REQUEST_S 10	/* a request must arrive whole within */
#define WEB_STREAM_MAX 65536	/* an event stream may lag behind by */

/* A peer's address without its port. */
struct web_addr {
	int family;		/* AF_INET, AF_INET6; 0: unknown */
	unsigned char bytes[16];
};

struct web_guard;
struct web_conn;
struct web_stream;
struct web_login_job;

struct web_event {
	uint64_t id;
	char *json;
	size_t len;		/* of its text in a stream */
	uint64_t end;		/* web->published after it */
};

struct web_session {
	char token[65];		/* cookie value; "" when free */
	char csrf[65];
	uint64_t expires;	/* monotonic seconds */
};

struct web_login_track {
	char ip[64];		/* "" when free */
	unsigned tries;		/* passwords tried or failed in the minute */
	uint64_t window;	/* monotonic second the minute started */
};

/* A file compiled in, answered by reference (web_cache.c). */
struct web_file {
	const char *name;
	char etag[24];			/* "\"<16 hex digits>\"" */
	struct MHD_Response *ok, *same;	/* 200 with the file; 304 */
};

struct web {
	struct web_config cfg;
	char assets_real[4096];
	struct MHD_Daemon *mhd;
	unsigned port;
	struct web_guard *guard;	/* connections in check */

	pthread_mutex_t lock;		/* everything below */
	pthread_cond_t changed;		/* a new event, a command answered,
					   or closing */
	struct web_event ring[WEB_RING];
	uint64_t next_id;		/* id of the next event, from 1 */
	uint64_t published;		/* bytes of stream text ever */
	int closing;
	struct {
		int64_t board;
		char *json;
		char pins[64];
		int live_analysis;
		char *camera;		/* its camera's image file, or NULL */
	} live[WEB_LIVE_MAX];
	int nlive;
	struct db *pool[WEB_POOL];
	int pool_busy[WEB_POOL];
	int pool_owned[WEB_POOL];	/* a thread's own reader */
	pthread_cond_t pool_free;
	struct db *writer;		/* commands, and nothing else: its
					   own lock, writer_lock, not this */
	web_bell_fn door_bell;		/* rung once a command is queued */
	void *door_ctx;
	uint64_t answers;		/* commands answered, ever */
	struct web_session session[WEB_SESSIONS];
	struct web_login_track login[WEB_LOGIN_TRACK];
	struct web_login_track login_shared;	/* when all are blocked */
	unsigned long sse_clients;
	struct web_park parked;		/* event streams with nothing to send,
					   suspended until there is */
	struct web_park waiting;	/* requests suspended until their
					   command is answered */
	struct web_park hashing;	/* logins until their password is
					   hashed, in order */
	pthread_cond_t login_cond;	/* one to hash, or closing */
	pthread_t login_thread;		/* web_login.c's worker */
	struct web_login_job *login_busy;	/* the one it hashes, or
						   NULL */
	int login_started;
	char *tls_cert, *tls_key;	/* PEM texts, kept while serving */

	/* Answers of read routes, valid while neither the database (its
	 * data_version) nor the tables' live state (live_gen) change. The
	 * answers are looked up under a read lock; the database is asked by
	 * one request at a time, which holds no other lock meanwhile. */
	pthread_mutex_t writer_lock;	/* writer: held while a command is
					   queued, up to the database's 5 s
					   wait for its write lock */
	pthread_rwlock_t cache_lock;	/* cache[], cache_dbv, cache_live */
	pthread_mutex_t version_lock;	/* version_db, version_at */
	pthread_mutex_t gen_lock;	/* known_dbv, live_gen: held briefly */
	struct db *version_db;
	uint64_t version_at;		/* when it was last asked (us) */
	int64_t known_dbv;		/* its last answer; -1: none yet */
	uint64_t live_gen;
	int64_t cache_dbv;		/* what the answers kept were made at */
	uint64_t cache_live;
	struct {
		char key[WEB_KEY_MAX];
		struct MHD_Response *resp;	/* NULL: free */
		size_t size;			/* of its body */
	} cache[WEB_CACHE];
	unsigned cache_next;
	size_t cache_bytes;		/* of the bodies kept */
	struct web_file *files;		/* the files compiled in */
	size_t nfiles;
};

enum { WEB_MAX_PARAMS = 2 };

struct web_request;
/* Answers a command's request: rc 0 answered (`cmd`), 1 not in time. */
typedef void (*web_command_done_fn)(struct web_request *r, int rc,
				    const struct db_command *cmd);

struct web_request {
	struct web *web;
	struct MHD_Connection *con;
	struct web_conn *conn;		/* its connection's guard entry */
	const char *method;
	const char *url;
	char *body;
	size_t body_len;
	int body_too_large;
	int64_t param[WEB_MAX_PARAMS];	/* {id} values of the route */
	/* The answer. */
	unsigned status;
	char *out;			/* malloc'ed, or NULL */
	size_t out_len;
	const char *content_type;
	unsigned retry_after;		/* its Retry-After (s), or 0 */
	char cookie[160];		/* Set-Cookie value, or "" */
	struct MHD_Response *response;	/* a prepared one (files, events) */
	int queued;			/* a shared answer was queued: */
	enum MHD_Result queued_ret;	/* with this result */
	/* A command queued, its answer awaited (web_command.c). */
	int64_t cmd_id;			/* 0: none */
	uint64_t cmd_until;		/* monotonic ms it is awaited until */
	uint64_t cmd_seen;		/* web->answers when last read */
	web_command_done_fn cmd_done;
	int64_t cmd_arg;		/* for cmd_done */
	int held;			/* suspended by this call (its own
					   thread's) */
	struct web_parked park;		/* in web->waiting (web->lock) */
	/* A login's password being checked (web_login.c). */
	struct web_login_job *login;	/* its password, or NULL */
	int login_wait;			/* suspended until it is */
	int login_good;			/* 1, 0; -1 out of memory, -2 stop,
					   -3 its client gone */
};

/* web.c */
void web_error(struct web_request *r, unsigned status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Takes the JSON text of `b` as the answer (status 200). */
void web_json(struct web_request *r, struct jbuf *b);
struct db *web_db_acquire(struct web *web);
void web_db_release(struct web *web, struct db *db);
/* The requests have stopped: the readers' pages and the memory freed
 * go back to the system. */
void web_quiet(struct web *web);
uint64_t web_now_s(void);
uint64_t web_now_ms(void);
/* The live entry of a board, made if new (web->lock held); -1: full. */
int web_live_slot(struct web *web, int64_t board_id);
/* web_camera.c: GET /api/tables/{id}/camera.png, the arbiter's. */
void api_table_camera(struct web_request *r);
void api_table_frame(struct web_request *r);
/* A query parameter, or NULL. */
const char *web_arg(struct web_request *r, const char *name);

/* The headers of every answer: its type (NULL: none), Cache-Control
 * (NULL: none), and the safety ones. */
void web_headers(struct MHD_Response *resp, const char *type,
		 const char *cache_control);
const char *web_content_type(const char *path);
/* Data that outlives the response (the files compiled in). */
struct MHD_Response *web_response_static(size_t size, const void *data);

/* web_cache.c. Runs a read route's handler, or queues its kept answer
 * (by path and query) when the data have not changed since. */
void web_cache_run(struct web_request *r,
		   void (*handler)(struct web_request *r));
/* Lets the kept answers go (after the server stopped). */
void web_cache_stop(struct web *web);
/* The answers kept for the files compiled in, made at the start. */
int web_files_start(struct web *web);
void web_files_stop(struct web *web);
/* Queues file `name` compiled in (or 304 when the client has it);
 * -1 when there is no such file. */
int web_file_builtin(struct web_request *r, const char *name);
/* Whether the request's If-None-Match names `etag` (or "*"). */
int web_etag_matches(struct web_request *r, const char *etag);

/* web_guard.c: started before the server, stopped after it. */
int web_guard_start(struct web *web, char *err, size_t errlen);
void web_guard_stop(struct web *web);
/* libmicrohttpd's accept policy, connection notifier and logger. */
enum MHD_Result web_guard_accept(void *cls, const struct sockaddr *addr,
				 socklen_t len);
void web_guard_notify(void *cls, struct MHD_Connection *con,
		      void **socket_context,
		      enum MHD_ConnectionNotificationCode code);
void web_guard_log(void *cls, const char *fmt, va_list ap);
/* The guard's entry of a connection (NULL if none). */
struct web_conn *web_guard_conn(struct MHD_Connection *con);
/* The request on `c` has arrived whole (1: the guard cut its connection
 * as it came, and it is not to be carried out); its answer is sent (the
 * next request's time starts). */
int web_guard_received(struct web *web, struct web_conn *c);
void web_guard_answered(struct web *web, struct web_conn *c);
void web_addr_text(const struct web_addr *a, char *out, size_t len);
/* Connection `c` carries an event stream that has taken the published
 * text up to `pos` (web->published's scale); one that lags behind by
 * more than WEB_STREAM_MAX is dropped. */
void web_guard_stream(struct web *web, struct web_conn *c, uint64_t pos);

/* web_api.c */
void api_tables(struct web_request *r);
void api_table(struct web_request *r);
void api_game(struct web_request *r);
void api_games(struct web_request *r);
/* web_solve.c: the value of each position of a game, and its end. */
void api_game_values(struct web_request *r);
void web_solve_stop(void);
void api_series(struct web_request *r);
/* web_api.c: the options of a game that spectators may see. */
void web_public_options(struct jbuf *b, const char *kind, const char *options);
void api_tournaments(struct web_request *r);
void api_tournament(struct web_request *r);
void api_standings(struct web_request *r);
void api_bracket(struct web_request *r);
void api_players(struct web_request *r);
void api_player(struct web_request *r);
void api_history(struct web_request *r);
/* web_ratings.c */
void api_ratings(struct web_request *r);
/* A hub's remote tables (web_hub.c). */
void api_hub(struct web_request *r);
void api_player_ratings(struct web_request *r);

/* web_events.c */
void api_events(struct web_request *r);
/* The streams parked for KEEPALIVE_S are woken for a comment line
 * (the watchdog, twice a second). */
void web_events_tick(struct web *web);
/* Every parked stream woken, to end (web->closing set, web->lock held):
 * before the server stops. */
void web_events_wake_all(struct web *web);

/* web_admin.c */
int web_is_admin(struct web_request *r, int need_csrf);
/* A field of the request body (JSON or form): 0, -1 absent, -2 bad. */
int web_body_field(struct web_request *r, const char *key, char *out,
		   size_t len);
/* Refuses a JSON body that gives a key twice (answers 400, -1); else 0.
 * Malformed bodies are left to the handler. */
int web_body_check(struct web_request *r);
/* Whether the client's address may still try a password or PIN;
 * `failed` counts a failure. Call with web->lock held. */
int web_login_allowed(struct web_request *r, int failed);
int web_equal_time(const char *a, const char *b);

/* web_command.c. Queues command `kind` for board `board` (0: no table)
 * and has `done` answer once the daemon has (rc 0, its outcome in
 * `cmd`) or after COMMAND_WAIT_MS (rc 1, queued: `cmd` has its id
 * only; `done` answers 202, and a request with an Idempotency-Key gets
 * Retry-After); the request is suspended meanwhile. An error is
 * answered at once, without `done`. */
void web_queue_then(struct web_request *r, int64_t board, const char *kind,
		    const char *text, web_command_done_fn done);
/* A suspended request resumed: answered by `done`, or suspended again. */
void web_command_check(struct web_request *r);
/* The requests waiting for the daemon, woken (web->lock held): at the
 * stop; and those whose time is up (the watchdog, twice a second). */
void web_commands_wake_all(struct web *web);
void web_commands_tick(struct web *web);
/* The TEXT of an outcome "KIND PLY MOVE: TEXT". */
const char *web_outcome_text(const struct db_command *cmd);
/* Runs a command through the door and answers with its outcome. */
void web_run_command(struct web_request *r, const char *kind,
		     const char *text);

/* web_play.c */
void api_secret(struct web_request *r);
void api_play(struct web_request *r);
void api_session(struct web_request *r);
/* Its password handed to the login worker (web_login.c), the request
 * suspended until it is checked; then answered by api_login_checked(). */
void api_login(struct web_request *r);
void api_login_checked(struct web_request *r);
/* A try of a password given back to `ip` (a good password, or a login
 * never hashed); takes web->lock. */
void login_refund(struct web *web, const char *ip);
/* web_login.c: the worker that hashes the passwords, started before the
 * server and stopped after it; web_logins_wake_all() resumes the logins
 * waiting (web->lock held, at a stop). */
int web_login_start(struct web *web);
void web_login_stop(struct web *web);
void web_logins_wake_all(struct web *web);
/* The logins whose client has gone resumed, unchecked (the watchdog,
 * twice a second). */
void web_logins_tick(struct web *web);
/* Whether the login was resumed as its client had gone (NULL: no). */
int web_login_gone(const struct web_login_job *job);
/* A login's password forgotten (NULL: none), once per login; one whose
 * client had gone said in the log, and its try given back to its
 * address unless its hash had started. */
void web_login_free(struct web_login_job *job);
/* 0: the request suspended (r->held) until its password is checked;
 * -1 out of memory, -2 the dashboard stopping. `ip` is the client's. */
int web_login_check(struct web_request *r, const char *ip,
		    const char *password);
void api_logout(struct web_request *r);
void api_command(struct web_request *r);
void api_forfeit(struct web_request *r);
/* A finished game voided or corrected: the commands void-game and
 * correct-game, carried out by the daemon. */
void api_game_void(struct web_request *r);
void api_game_correct(struct web_request *r);

#endif
