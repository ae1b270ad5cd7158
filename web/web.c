/*
 * web.c - the server: libmicrohttpd set up with explicit limits, the
 * route table, request bodies read directly (capped), JSON errors, the
 * pages, script and style: compiled in (web_assets.h, answered by
 * web_cache.c), or from one folder only when one is given.
 *
 * Version differences of libmicrohttpd (0.9.75 on Debian bookworm, 1.0
 * on Raspberry Pi OS trixie) live in this file only.
 */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "daemon/log.h"
#include "web/web_impl.h"

/* ------------------------------------------------------ compatibility */

static struct MHD_Response *response_copy(size_t size, const void *data)
{
#if MHD_VERSION >= 0x00097701
	return MHD_create_response_from_buffer_copy(size, data);
#else
	return MHD_create_response_from_buffer(size, (void *)data,
					       MHD_RESPMEM_MUST_COPY);
#endif
}

struct MHD_Response *web_response_static(size_t size, const void *data)
{
#if MHD_VERSION >= 0x00097701
	return MHD_create_response_from_buffer_static(size, data);
#else
	return MHD_create_response_from_buffer(size, (void *)data,
					       MHD_RESPMEM_PERSISTENT);
#endif
}

/* A whole small file as a string (PEM); NULL with errno set. */
static char *read_text_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	long size;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 &&
	    size < 1000000 && fseek(f, 0, SEEK_SET) == 0 &&
	    (text = malloc((size_t)size + 1)) != NULL) {
		if (fread(text, 1, (size_t)size, f) != (size_t)size) {
			free(text);
			text = NULL;
			errno = EIO;
		} else {
			text[size] = '\0';
		}
	}
	fclose(f);
	return text;
}

/* ----------------------------------------------------------- helpers */

uint64_t web_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec;
}

uint64_t web_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void web_error(struct web_request *r, unsigned status, const char *fmt, ...)
{
	struct jbuf b = { 0 };
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	jbuf_printf(&b, "{\"error\":");
	jbuf_str(&b, msg);
	jbuf_printf(&b, ",\"status\":%u}\n", status);
	free(r->out);
	r->out = jbuf_take(&b, &r->out_len);
	r->status = status;
	r->content_type = "application/json";
}

void web_json(struct web_request *r, struct jbuf *b)
{
	jbuf_printf(b, "\n");
	free(r->out);
	r->out = jbuf_take(b, &r->out_len);
	if (r->out == NULL) {
		web_error(r, 500, "out of memory");
		return;
	}
	r->status = 200;
	r->content_type = "application/json";
}

const char *web_arg(struct web_request *r, const char *name)
{
	return MHD_lookup_connection_value(r->con, MHD_GET_ARGUMENT_KIND, name);
}

/* ------------------------------------------------------------- files */

const char *web_content_type(const char *path)
{
	static const struct {
		const char *ext, *type;
	} types[] = {
		{ ".html", "text/html; charset=utf-8" },
		{ ".js", "text/javascript; charset=utf-8" },
		{ ".css", "text/css; charset=utf-8" },
		{ ".svg", "image/svg+xml" },
		{ ".png", "image/png" },
		{ ".ico", "image/x-icon" },
		{ ".json", "application/json" },
	};
	const char *dot = strrchr(path, '.');

	for (size_t i = 0; dot != NULL && i < sizeof(types) / sizeof(types[0]);
	     i++)
		if (strcmp(dot, types[i].ext) == 0)
			return types[i].type;
	return "application/octet-stream";
}

/*
 * A file of the assets folder (--assets): the real path must lie
 * inside the folder (its prefix followed by '/'), whatever '..', links
 * or encoded characters the request held.
 */
static void serve_folder_file(struct web_request *r, const char *name)
{
	char path[PATH_MAX + 256], real[PATH_MAX], etag[64];
	size_t prefix = strlen(r->web->assets_real);
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", r->web->assets_real, name);
	if (realpath(path, real) == NULL ||
	    strncmp(real, r->web->assets_real, prefix) != 0 ||
	    real[prefix] != '/') {
		web_error(r, 404, "no such file");
		return;
	}
	fd = open(real, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		web_error(r, 404, "no such file");
		return;
	}
	snprintf(etag, sizeof(etag), "\"%llx-%llx-%llx\"",
		 (unsigned long long)st.st_ino, (unsigned long long)st.st_size,
		 (unsigned long long)st.st_mtim.tv_sec * 1000000000ull +
		 (unsigned long long)st.st_mtim.tv_nsec);
	r->status = web_etag_matches(r, etag) ? MHD_HTTP_NOT_MODIFIED :
		    MHD_HTTP_OK;
	if (r->status == MHD_HTTP_NOT_MODIFIED) {
		close(fd);
		r->response = web_response_static(0, "");
	} else {
		r->response = MHD_create_response_from_fd((uint64_t)st.st_size,
							  fd);
		if (r->response == NULL)
			close(fd);
	}
	if (r->response == NULL) {
		web_error(r, 500, "cannot serve the file");
		return;
	}
	MHD_add_response_header(r->response, MHD_HTTP_HEADER_ETAG, etag);
	MHD_add_response_header(r->response, MHD_HTTP_HEADER_CACHE_CONTROL,
				WEB_FILE_CACHE);
	r->content_type = web_content_type(real);
}

/* A file compiled in, found by its exact name: nothing else is served. */
static void serve_builtin_file(struct web_request *r, const char *name)
{
	if (web_file_builtin(r, name) < 0)
		web_error(r, 404, "no such file");
}

/* A page, script or style: from the assets folder when there is one,
 * else compiled in. */
static void serve_file(struct web_request *r, const char *name)
{
	if (strlen(name) > 200) {
		web_error(r, 404, "no such file");
		return;
	}
	if (r->web->assets_real[0] != '\0')
		serve_folder_file(r, name);
	else
		serve_builtin_file(r, name);
}

static void page_home(struct web_request *r) { serve_file(r, "index.html"); }
static void page_table(struct web_request *r) { serve_file(r, "table.html"); }
static void page_tournament(struct web_request *r)
{
	serve_file(r, "tournament.html");
}
static void page_player(struct web_request *r) { serve_file(r, "player.html"); }
static void page_game(struct web_request *r) { serve_file(r, "game.html"); }
static void page_series(struct web_request *r) { serve_file(r, "series.html"); }
static void page_admin(struct web_request *r) { serve_file(r, "admin.html"); }
static void page_play(struct web_request *r) { serve_file(r, "play.html"); }
static void page_tournaments(struct web_request *r)
{
	serve_file(r, "tournaments.html");
}
static void page_players(struct web_request *r)
{
	serve_file(r, "players.html");
}
static void page_tv(struct web_request *r) { serve_file(r, "tv.html"); }
static void page_ratings(struct web_request *r)
{
	serve_file(r, "ratings.html");
}

static void static_file(struct web_request *r)
{
	serve_file(r, r->url + strlen("/static/"));
}

/* ------------------------------------------------------------ routes */

struct route {
	const char *method;
	const char *path;	/* "{id}" matches a number */
	void (*handler)(struct web_request *r);
	int needs_auth;		/* admin session and CSRF token */
	int prefix;		/* path is a prefix (static files) */
	int cacheable;		/* a read answer that depends on data only */
};

static const struct route routes[] = {
	{ "GET", "/", page_home, 0, 0, 0 },
	{ "GET", "/tables/{id}", page_table, 0, 0, 0 },
	{ "GET", "/tournaments", page_tournaments, 0, 0, 0 },
	{ "GET", "/tournaments/{id}", page_tournament, 0, 0, 0 },
	{ "GET", "/players", page_players, 0, 0, 0 },
	{ "GET", "/players/{id}", page_player, 0, 0, 0 },
	{ "GET", "/ratings", page_ratings, 0, 0, 0 },
	{ "GET", "/tv", page_tv, 0, 0, 0 },
	{ "GET", "/games/{id}", page_game, 0, 0, 0 },
	{ "GET", "/series/{id}", page_series, 0, 0, 0 },
	{ "GET", "/admin", page_admin, 0, 0, 0 },
	{ "GET", "/play/{id}", page_play, 0, 0, 0 },
	{ "GET", "/static/", static_file, 0, 1, 0 },
	{ "GET", "/api/tables", api_tables, 0, 0, 1 },
	{ "GET", "/api/tables/{id}", api_table, 0, 0, 1 },
	{ "GET", "/api/tables/{id}/camera.png", api_table_camera, 0, 0, 0 },
	{ "GET", "/api/tables/{id}/frames/{id}", api_table_frame, 0, 0, 0 },
	{ "GET", "/api/games", api_games, 0, 0, 0 },
	{ "GET", "/api/games/{id}", api_game, 0, 0, 1 },
	{ "GET", "/api/games/{id}/values", api_game_values, 0, 0, 0 },
	{ "GET", "/api/series/{id}", api_series, 0, 0, 1 },
	{ "GET", "/api/tournaments", api_tournaments, 0, 0, 1 },
	{ "GET", "/api/tournaments/{id}", api_tournament, 0, 0, 1 },
	{ "GET", "/api/tournaments/{id}/standings", api_standings, 0, 0, 1 },
	{ "GET", "/api/tournaments/{id}/bracket", api_bracket, 0, 0, 1 },
	{ "GET", "/api/players", api_players, 0, 0, 0 },
	{ "GET", "/api/players/{id}", api_player, 0, 0, 1 },
	{ "GET", "/api/players/{id}/history", api_history, 0, 0, 1 },
	{ "GET", "/api/players/{id}/ratings", api_player_ratings, 0, 0, 0 },
	{ "GET", "/api/ratings", api_ratings, 0, 0, 0 },
	{ "GET", "/api/hub", api_hub, 0, 0, 0 },
	{ "GET", "/api/events", api_events, 0, 0, 0 },
	{ "GET", "/api/session", api_session, 0, 0, 0 },
	{ "POST", "/api/login", api_login, 0, 0, 0 },
	{ "POST", "/api/logout", api_logout, 0, 0, 0 },
	{ "POST", "/api/tables/{id}/commands", api_command, 1, 0, 0 },
	{ "POST", "/api/tournaments/{id}/forfeit", api_forfeit, 1, 0, 0 },
	{ "POST", "/api/games/{id}/void", api_game_void, 1, 0, 0 },
	{ "POST", "/api/games/{id}/correct", api_game_correct, 1, 0, 0 },
	{ "POST", "/api/tables/{id}/secret", api_secret, 0, 0, 0 },
	{ "POST", "/api/tables/{id}/play", api_play, 0, 0, 0 },
};

/* Whether `url` fits `pattern`; the numbers of its {id}s into r->param. */
static int match(const char *pattern, const char *url, struct web_request *r)
{
	int n = 0;

	while (*pattern != '\0') {
		if (strncmp(pattern, "{id}", 4) == 0) {
			char *end;
			long long v;

			if (*url < '0' || *url > '9')
				return 0;
			errno = 0;
			v = strtoll(url, &end, 10);
			if (errno != 0 || v <= 0 || end - url > 18 ||
			    n == WEB_MAX_PARAMS)
				return 0;
			r->param[n++] = v;
			url = end;
			pattern += 4;
			continue;
		}
		if (*pattern++ != *url++)
			return 0;
	}
	return *url == '\0';
}

/* An unknown page: a page a person can read, with the way back. */
static void page_not_found(struct web_request *r)
{
	static const char html[] =
		"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<meta name=\"viewport\" content=\"width=device-width, "
		"initial-scale=1\"><title>Not found · pitboss</title>"
		"<link rel=\"stylesheet\" href=\"/static/style.css\"></head>"
		"<body data-page=\"missing\"><header><a class=\"brand\" "
		"href=\"/\">pitboss</a></header><main><h1>No such page</h1>"
		"<p>There is no page at this address.</p><p><a href=\"/\">"
		"Tables</a> · <a href=\"/tournaments\">Tournaments</a> · "
		"<a href=\"/players\">Players</a></p></main></body></html>\n";

	free(r->out);
	r->out = strdup(html);
	r->out_len = r->out != NULL ? strlen(html) : 0;
	r->status = 404;
	r->content_type = "text/html; charset=utf-8";
}

static void dispatch(struct web_request *r)
{
	int path_known = 0;

	for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++) {
		const struct route *rt = &routes[i];
		int fits = rt->prefix ? strncmp(r->url, rt->path,
						strlen(rt->path)) == 0
				      : match(rt->path, r->url, r);

		if (!fits)
			continue;
		path_known = 1;
		if (strcmp(rt->method, r->method) != 0 &&
		    !(strcmp(r->method, "HEAD") == 0 &&
		      strcmp(rt->method, "GET") == 0))
			continue;
		if (web_body_check(r) < 0)
			return;
		if (rt->needs_auth && !web_is_admin(r, 1)) {
			web_error(r, 403, "this needs the arbiter's login and "
				  "the session's CSRF token");
			return;
		}
		if (rt->cacheable)
			web_cache_run(r, rt->handler);
		else
			rt->handler(r);
		return;
	}
	if (path_known)
		web_error(r, 405, "%s is not allowed on %s", r->method, r->url);
	else if (strncmp(r->url, "/api/", 5) == 0 ||
		 strcmp(r->url, "/api") == 0 || strcmp(r->method, "GET") != 0)
		web_error(r, 404, "no such page or resource: %s", r->url);
	else
		page_not_found(r);
}

void web_headers(struct MHD_Response *resp, const char *type,
		 const char *cache_control)
{
	if (type != NULL)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE,
					type);
	MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(resp, "X-Frame-Options", "DENY");
	MHD_add_response_header(resp, "Referrer-Policy", "same-origin");
	MHD_add_response_header(resp, "Content-Security-Policy",
				"default-src 'self'; img-src 'self' data:; "
				"style-src 'self'; script-src 'self'; "
				"frame-ancestors 'none'");
	if (cache_control != NULL)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL,
					cache_control);
}

static enum MHD_Result answer(struct web_request *r)
{
	struct MHD_Response *resp = r->response;
	enum MHD_Result ret;

	if (r->queued)
		return r->queued_ret;
	if (resp == NULL)
		resp = response_copy(r->out_len, r->out ? r->out : "");
	if (resp == NULL)
		return MHD_NO;
	web_headers(resp, r->content_type,
		    strncmp(r->url, "/api/", 5) == 0 ? "no-store" : NULL);
	if (r->cookie[0] != '\0')
		MHD_add_response_header(resp, MHD_HTTP_HEADER_SET_COOKIE,
					r->cookie);
	if (r->retry_after > 0) {
		char secs[16];

		snprintf(secs, sizeof(secs), "%u", r->retry_after);
		MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER,
					secs);
	}
	ret = MHD_queue_response(r->con, r->status ? r->status : 500, resp);
	MHD_destroy_response(resp);
	r->response = NULL;
	return ret;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *con,
				  const char *url, const char *method,
				  const char *version, const char *upload,
				  size_t *upload_size, void **con_cls)
{
	struct web_request *r = *con_cls;

	(void)version;
	if (r == NULL) {
		r = calloc(1, sizeof(*r));
		if (r == NULL)
			return MHD_NO;
		r->web = cls;
		r->con = con;
		r->method = method;
		r->url = url;
		r->conn = web_guard_conn(con);
		*con_cls = r;
		return MHD_YES;
	}
	if (r->login_wait) {
		/* Resumed: its password checked; or its client gone. */
		r->login_wait = 0;
		r->held = 0;
		if (web_login_gone(r->login))
			r->login_good = -3;
		web_login_free(r->login);
		r->login = NULL;
		api_login_checked(r);
		return answer(r);
	}
	if (r->cmd_id != 0) {
		/* Resumed: its command answered, or its time up; or its
		 * client gone, or done sending (a half-close): answered at
		 * once, as when its time is up (the command stays queued). */
		r->held = 0;
		if (r->park.gone) {
			log_debug("dashboard: the client waiting for command "
				  "%" PRId64 " has gone: its request answered "
				  "now", r->cmd_id);
			r->cmd_until = 0;
		}
		web_command_check(r);
		return r->held ? MHD_YES : answer(r);
	}
	if (*upload_size != 0) {
		/* The body, read directly: small forms and JSON only. */
		if (r->body_len + *upload_size > WEB_BODY_MAX) {
			r->body_too_large = 1;
		} else {
			char *body = realloc(r->body, r->body_len +
					     *upload_size + 1);

			if (body == NULL)
				return MHD_NO;
			memcpy(body + r->body_len, upload, *upload_size);
			r->body = body;
			r->body_len += *upload_size;
			r->body[r->body_len] = '\0';
		}
		*upload_size = 0;
		return MHD_YES;
	}
	/* A request whose connection the guard cut as it came (an idle
	 * connection reused at its limit) is not carried out: the client
	 * sees no answer and sends it again on a new connection, where it
	 * is carried out once. */
	if (web_guard_received(r->web, r->conn))
		return MHD_NO;
	if (r->body_too_large)
		web_error(r, 413, "request body over %d bytes", WEB_BODY_MAX);
	else
		dispatch(r);
	if (r->held)
		return MHD_YES;	/* until its command is answered */
	return answer(r);
}

static void on_completed(void *cls, struct MHD_Connection *con,
			 void **con_cls, enum MHD_RequestTerminationCode why)
{
	struct web_request *r = *con_cls;

	(void)why;
	web_guard_answered(cls, web_guard_conn(con));
	if (r == NULL)
		return;
	if (r->response != NULL)
		MHD_destroy_response(r->response);
	web_login_free(r->login);
	free(r->body);
	free(r->out);
	free(r);
	*con_cls = NULL;
}

/* ------------------------------------------------------- life cycle */

struct web *web_start(const struct web_config *cfg, char *err, size_t errlen)
{
	struct web *web = calloc(1, sizeof(*web));
	struct sockaddr_storage addr;
	socklen_t addrlen;
	const union MHD_DaemonInfo *info;
	struct MHD_OptionItem tls[3];
	/* A few threads, each polling its share of the connections (epoll
	 * on Linux); the event streams suspended while they have nothing
	 * to send. */
	unsigned flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD |
			 MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
	char why[DB_ERR_MAX];

	if (web == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	web->cfg = *cfg;
	pthread_mutex_init(&web->lock, NULL);
	pthread_cond_init(&web->changed, NULL);
	pthread_cond_init(&web->pool_free, NULL);
	pthread_rwlock_init(&web->cache_lock, NULL);
	pthread_mutex_init(&web->version_lock, NULL);
	pthread_mutex_init(&web->writer_lock, NULL);
	pthread_mutex_init(&web->gen_lock, NULL);
	web->next_id = 1;
	web->known_dbv = -1;
	web->cache_dbv = -1;
	if (cfg->assets[0] != '\0' &&
	    realpath(cfg->assets, web->assets_real) == NULL) {
		snprintf(err, errlen, "web assets %s: %s", cfg->assets,
			 strerror(errno));
		goto fail;
	}
	if (web_files_start(web) < 0) {
		snprintf(err, errlen, "web: out of memory");
		goto fail;
	}
	/* A reader is one request's at a time (web_db_acquire()). */
	for (int i = 0; i < WEB_POOL; i++)
		if (db_open(cfg->db_path, DB_OPEN_READONLY | DB_OPEN_NO_CHECK |
			    DB_OPEN_ONE_THREAD, &web->pool[i], why,
			    sizeof(why)) != DB_OK) {
			snprintf(err, errlen, "web: %s", why);
			goto fail;
		}
	if (db_open(cfg->db_path, DB_OPEN_READONLY | DB_OPEN_NO_CHECK,
		    &web->version_db, why, sizeof(why)) != DB_OK ||
	    db_open(cfg->db_path, DB_OPEN_NO_CHECK, &web->writer, why,
		    sizeof(why)) != DB_OK) {
		snprintf(err, errlen, "web: %s", why);
		goto fail;
	}
	/* Answers are kept (web_cache.c): the readers need little of the
	 * file in memory, the others nearly none. */
	for (int i = 0; i < WEB_POOL; i++)
		db_cache_kib(web->pool[i], WEB_POOL_CACHE_KIB);
	db_cache_kib(web->version_db, 64);
	db_cache_kib(web->writer, 64);
	if (web_login_start(web) < 0) {
		snprintf(err, errlen, "web: no thread to check passwords");
		goto fail;
	}
	memset(&addr, 0, sizeof(addr));
	if (inet_pton(AF_INET6, cfg->listen,
		      &((struct sockaddr_in6 *)&addr)->sin6_addr) == 1) {
		struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&addr;

		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons((uint16_t)cfg->port);
		addrlen = sizeof(*a6);
		flags |= MHD_USE_IPv6;
	} else if (inet_pton(AF_INET, cfg->listen,
			     &((struct sockaddr_in *)&addr)->sin_addr) == 1) {
		struct sockaddr_in *a4 = (struct sockaddr_in *)&addr;

		a4->sin_family = AF_INET;
		a4->sin_port = htons((uint16_t)cfg->port);
		addrlen = sizeof(*a4);
	} else {
		snprintf(err, errlen, "web: '%s' is not an address",
			 cfg->listen);
		goto fail;
	}
	(void)addrlen;
	if (cfg->tls_cert[0] != '\0' || cfg->tls_key[0] != '\0') {
		if (cfg->tls_cert[0] == '\0' || cfg->tls_key[0] == '\0') {
			snprintf(err, errlen, "web: HTTPS needs both web.tls-cert "
				 "and web.tls-key");
			goto fail;
		}
		if (MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES) {
			snprintf(err, errlen, "web: this libmicrohttpd has no TLS");
			goto fail;
		}
		web->tls_cert = read_text_file(cfg->tls_cert);
		if (web->tls_cert == NULL) {
			snprintf(err, errlen, "web: %s: %s", cfg->tls_cert,
				 strerror(errno));
			goto fail;
		}
		web->tls_key = read_text_file(cfg->tls_key);
		if (web->tls_key == NULL) {
			snprintf(err, errlen, "web: %s: %s", cfg->tls_key,
				 strerror(errno));
			goto fail;
		}
		flags |= MHD_USE_TLS;
	}
	{
		struct MHD_OptionItem *o = tls;

		if (web->tls_cert != NULL) {
			*o++ = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT,
							0, web->tls_cert };
			*o++ = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY,
							0, web->tls_key };
		}
		*o = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
	}
	if (web_guard_start(web, err, errlen) < 0)
		goto fail;
	/* The guard counts connections per address and keeps places for
	 * new addresses; libmicrohttpd holds the total. Each connection
	 * is given WEB_CONN_MEMORY for a request's head and its answer's
	 * (bodies are read as they come). */
	web->mhd = MHD_start_daemon(
		flags, (uint16_t)cfg->port, web_guard_accept, web, on_request,
		web, MHD_OPTION_EXTERNAL_LOGGER, web_guard_log, NULL,
		MHD_OPTION_ARRAY, tls,
		MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
		MHD_OPTION_CONNECTION_LIMIT,
		(unsigned)(cfg->connection_limit ? cfg->connection_limit
						 : WEB_CONNECTIONS),
		MHD_OPTION_CONNECTION_TIMEOUT,
		(unsigned)(cfg->timeout_s ? cfg->timeout_s : 30),
		MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)WEB_CONN_MEMORY,
		MHD_OPTION_THREAD_POOL_SIZE, (unsigned)WEB_THREADS,
		MHD_OPTION_NOTIFY_COMPLETED, on_completed, web,
		MHD_OPTION_NOTIFY_CONNECTION, web_guard_notify, web,
		MHD_OPTION_END);
	if (web->mhd == NULL) {
		snprintf(err, errlen, "web: cannot listen on %s port %u",
			 cfg->listen, cfg->port);
		goto fail;
	}
	info = MHD_get_daemon_info(web->mhd, MHD_DAEMON_INFO_BIND_PORT);
	web->port = info != NULL ? info->port : cfg->port;
	return web;
fail:
	web_stop(web);
	return NULL;
}

void web_stop(struct web *web)
{
	if (web == NULL)
		return;
	pthread_mutex_lock(&web->lock);
	web->closing = 1;
	pthread_cond_broadcast(&web->changed);
	web_events_wake_all(web);	/* none may be suspended at the stop */
	web_commands_wake_all(web);
	web_logins_wake_all(web);
	pthread_mutex_unlock(&web->lock);
	if (web->mhd != NULL)
		MHD_stop_daemon(web->mhd);
	web_login_stop(web);
	web_guard_stop(web);
	web_solve_stop();
	for (int i = 0; i < WEB_POOL; i++)
		db_close(web->pool[i]);
	db_close(web->writer);
	web_cache_stop(web);
	web_files_stop(web);
	db_close(web->version_db);
	pthread_rwlock_destroy(&web->cache_lock);
	pthread_mutex_destroy(&web->version_lock);
	pthread_mutex_destroy(&web->writer_lock);
	pthread_mutex_destroy(&web->gen_lock);
	for (int i = 0; i < WEB_RING; i++)
		free(web->ring[i].json);
	for (int i = 0; i < web->nlive; i++) {
		free(web->live[i].json);
		free(web->live[i].camera);
	}
	free(web->tls_cert);
	free(web->tls_key);
	pthread_cond_destroy(&web->pool_free);
	pthread_cond_destroy(&web->changed);
	pthread_mutex_destroy(&web->lock);
	free(web);
}

unsigned web_port(const struct web *web)
{
	return web->port;
}

int web_live_slot(struct web *web, int64_t board_id)
{
	int i;

	for (i = 0; i < web->nlive && web->live[i].board != board_id; i++)
		;
	if (i == web->nlive && i < WEB_LIVE_MAX) {
		web->live[i].board = board_id;
		web->live[i].json = NULL;
		web->live[i].camera = NULL;
		web->live[i].pins[0] = '\0';
		web->nlive++;
	}
	return i < web->nlive ? i : -1;
}

void web_table_state(struct web *web, int64_t board_id, const char *json)
{
	char *copy = strdup(json);
	int i;

	if (copy == NULL)
		return;
	pthread_mutex_lock(&web->lock);
	i = web_live_slot(web, board_id);
	if (i >= 0) {
		free(web->live[i].json);
		web->live[i].json = copy;
		copy = NULL;
	}
	pthread_mutex_unlock(&web->lock);
	pthread_mutex_lock(&web->gen_lock);
	web->live_gen++;
	pthread_mutex_unlock(&web->gen_lock);
	free(copy);
}
