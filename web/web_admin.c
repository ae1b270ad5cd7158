/*
 * web_admin.c - the arbiter's side of the dashboard: login against the
 * password hash of the configuration (crypt(3) on web_login.c's worker,
 * compared in constant time, tries rate-limited per address), a session cookie (HttpOnly,
 * SameSite=Strict, Secure over HTTPS) with its CSRF token, and the
 * actions, which go through the same commands door as `pitboss table`.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "daemon/log.h"
#include "db/commands.h"
#include "web/web_impl.h"

#define SESSION_S (12 * 3600)
#define LOGIN_TRIES 5		/* passwords and PINs per address and minute */
#define LOGIN_WINDOW_S 60

/* ------------------------------------------------------------ bodies */

static int hexval(int c)
{
	return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* A field of a form body (a=b&c=d), decoded; -1 when absent. */
static int form_field(const char *body, const char *key, char *out, size_t len)
{
	size_t klen = strlen(key);

	for (const char *p = body; p != NULL && *p; p = strchr(p, '&'),
	     p = p ? p + 1 : NULL) {
		size_t n = 0;

		if (strncmp(p, key, klen) != 0 || p[klen] != '=')
			continue;
		for (p += klen + 1; *p && *p != '&' && n + 1 < len; p++) {
			if (*p == '+') {
				out[n++] = ' ';
			} else if (*p == '%' && isxdigit((unsigned char)p[1]) &&
				   isxdigit((unsigned char)p[2])) {
				out[n++] = (char)(hexval(p[1]) * 16 + hexval(p[2]));
				p += 2;
			} else {
				out[n++] = *p;
			}
		}
		out[n] = '\0';
		return 0;
	}
	return -1;
}

/* One member of a flat JSON object: its name and value, unescaped. */
typedef int (*json_member_fn)(const char *name, const char *value,
			      void *ctx);

/* A JSON string at *p into dst (cap bytes with the '\0'); -2 if bad. */
static int json_string(const char **p, char *dst, size_t cap)
{
	const char *s = *p;
	size_t n = 0;

	while (isspace((unsigned char)*s))
		s++;
	if (*s++ != '"')
		return -2;
	while (*s && *s != '"') {
		char c = *s++;

		if (c == '\\') {
			c = *s++;
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c != '"' && c != '\\' && c != '/')
				return -2;
		} else if ((unsigned char)c < 0x20) {
			return -2;
		}
		if (n + 1 >= cap)
			return -2;
		dst[n++] = c;
	}
	if (*s++ != '"')
		return -2;
	dst[n] = '\0';
	while (isspace((unsigned char)*s))
		s++;
	*p = s;
	return 0;
}

/*
 * Calls `fn` on each member of a body that is a flat JSON object of
 * strings, in order, until it returns nonzero (that value is returned);
 * -2 when the body is not such an object, else 0.
 */
static int json_members(const char *body, json_member_fn fn, void *ctx)
{
	const char *p = body;

	while (isspace((unsigned char)*p))
		p++;
	if (*p++ != '{')
		return -2;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '}')
		p++;
	else
		for (;;) {
			char name[64], value[1024];
			int rc;

			if (json_string(&p, name, sizeof(name)) < 0 ||
			    *p++ != ':' ||
			    json_string(&p, value, sizeof(value)) < 0)
				return -2;
			rc = fn(name, value, ctx);
			if (rc != 0)
				return rc;
			if (*p == '}') {
				p++;
				break;
			}
			if (*p++ != ',')
				return -2;
		}
	while (isspace((unsigned char)*p))
		p++;
	return *p == '\0' ? 0 : -2;
}

struct json_want {
	const char *key;
	char *out;
	size_t len;
	int found;
};

static int want_member(const char *name, const char *value, void *ctx)
{
	struct json_want *w = ctx;

	if (w->found != 0 && strcmp(name, w->key) == 0 &&
	    strlen(value) < w->len) {
		strcpy(w->out, value);
		w->found = 0;
	}
	return 0;
}

/*
 * A string member of a flat JSON object body; -1 when absent, -2 when
 * the body is not such an object.
 */
static int json_field(const char *body, const char *key, char *out, size_t len)
{
	struct json_want w = { key, out, len, -1 };
	int rc = json_members(body, want_member, &w);

	return rc < 0 ? rc : w.found;
}

struct json_names {
	char (*name)[64];
	size_t n, cap;
	char *twice;		/* the name seen twice */
	size_t twice_len;
};

static int note_name(const char *name, const char *value, void *ctx)
{
	struct json_names *seen = ctx;

	(void)value;
	for (size_t i = 0; i < seen->n; i++)
		if (strcmp(seen->name[i], name) == 0) {
			snprintf(seen->twice, seen->twice_len, "%s", name);
			return 1;
		}
	if (seen->n == seen->cap) {
		size_t cap = seen->cap ? 2 * seen->cap : 8;
		char (*grown)[64] = realloc(seen->name, cap * sizeof(*grown));

		if (grown == NULL)
			return -1;
		seen->name = grown;
		seen->cap = cap;
	}
	snprintf(seen->name[seen->n++], sizeof(seen->name[0]), "%s", name);
	return 0;
}

/* A field of the body, JSON or form; 0, -1 absent, -2 malformed. */
int web_body_field(struct web_request *r, const char *key, char *out,
		   size_t len)
{
	const char *type = MHD_lookup_connection_value(r->con, MHD_HEADER_KIND,
						       "Content-Type");

	if (r->body == NULL)
		return -1;
	if (type != NULL && strncmp(type, "application/json", 16) == 0)
		return json_field(r->body, key, out, len);
	return form_field(r->body, key, out, len);
}

int web_body_check(struct web_request *r)
{
	const char *type = MHD_lookup_connection_value(r->con, MHD_HEADER_KIND,
						       "Content-Type");
	struct json_names seen = { 0 };
	char twice[64];
	int rc;

	if (r->body == NULL || type == NULL ||
	    strncmp(type, "application/json", 16) != 0)
		return 0;
	seen.twice = twice;
	seen.twice_len = sizeof(twice);
	rc = json_members(r->body, note_name, &seen);
	free(seen.name);
	if (rc == 1)
		web_error(r, 400, "the body has the key '%s' twice", twice);
	else if (rc == -1)
		web_error(r, 500, "out of memory");
	return rc == 1 || rc == -1 ? -1 : 0;
}

/* ---------------------------------------------------------- sessions */

int web_equal_time(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	unsigned char diff = (unsigned char)(la != lb);

	for (size_t i = 0; i < la && i < lb; i++)
		diff |= (unsigned char)(a[i] ^ b[i]);
	return diff == 0;
}

static int random_hex(char *out, size_t bytes)
{
	unsigned char raw[32];

	if (bytes > sizeof(raw) ||
	    getrandom(raw, bytes, 0) != (ssize_t)bytes)
		return -1;
	for (size_t i = 0; i < bytes; i++)
		sprintf(out + 2 * i, "%02x", raw[i]);
	return 0;
}

/* The session of the request's cookie (locked by the caller). */
static struct web_session *find_session(struct web_request *r)
{
	const char *token = MHD_lookup_connection_value(r->con, MHD_COOKIE_KIND,
							"pb_session");
	uint64_t now = web_now_s();

	if (token == NULL || strlen(token) != 64)
		return NULL;
	for (int i = 0; i < WEB_SESSIONS; i++) {
		struct web_session *s = &r->web->session[i];

		if (s->token[0] != '\0' && s->expires > now &&
		    web_equal_time(s->token, token))
			return s;
	}
	return NULL;
}

int web_is_admin(struct web_request *r, int need_csrf)
{
	const char *header = MHD_lookup_connection_value(r->con,
							 MHD_HEADER_KIND,
							 "X-CSRF-Token");
	char field[80] = "";
	struct web_session *s;
	int ok;

	if (header == NULL && web_body_field(r, "csrf", field, sizeof(field)) == 0)
		header = field;
	pthread_mutex_lock(&r->web->lock);
	s = find_session(r);
	ok = s != NULL && (!need_csrf ||
			   (header != NULL && web_equal_time(s->csrf, header)));
	pthread_mutex_unlock(&r->web->lock);
	return ok;
}

void api_session(struct web_request *r)
{
	struct jbuf b = { 0 };
	struct web_session *s;

	pthread_mutex_lock(&r->web->lock);
	s = find_session(r);
	jbuf_printf(&b, "{\"admin\":%s,\"login\":%s,\"csrf\":",
		    s ? "true" : "false",
		    r->web->cfg.password_hash[0] ? "true" : "false");
	jbuf_str(&b, s ? s->csrf : NULL);
	jbuf_printf(&b, "}");
	pthread_mutex_unlock(&r->web->lock);
	web_json(r, &b);
}

/* Over HTTPS the cookie is never sent in the clear. */
static const char *cookie_secure(const struct web *web)
{
	return web->tls_cert != NULL ? "; Secure" : "";
}

static const char *client_ip(struct web_request *r, char *buf, size_t len)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(
		r->con, MHD_CONNECTION_INFO_CLIENT_ADDRESS);

	snprintf(buf, len, "?");
	if (ci != NULL && ci->client_addr != NULL &&
	    getnameinfo(ci->client_addr, ci->client_addr->sa_family == AF_INET6
			? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in),
			buf, (socklen_t)len, NULL, 0, NI_NUMERICHOST) != 0)
		snprintf(buf, len, "?");
	return buf;
}

static int login_blocked(const struct web_login_track *t)
{
	return t->tries >= LOGIN_TRIES;
}

/* Whether tracker `t` should be taken over before `than` (NULL: none). */
static int login_spare_first(const struct web_login_track *t,
			     const struct web_login_track *than)
{
	if (than == NULL || t->ip[0] == '\0')
		return 1;
	if (than->ip[0] == '\0')
		return 0;
	return t->tries < than->tries ||
	       (t->tries == than->tries && t->window < than->window);
}

/*
 * The tracker of address `ip` (web->lock held): its own; else a free
 * one, or the unblocked one least tried, taken over; else, when every
 * slot holds an address still blocked, the one all the others share,
 * so that no flood of addresses frees a blocked one early.
 */
static struct web_login_track *login_track(struct web *web, const char *ip)
{
	uint64_t now = web_now_s();
	struct web_login_track *own = NULL, *spare = NULL, *t;

	for (int i = 0; i <= WEB_LOGIN_TRACK; i++) {
		t = i < WEB_LOGIN_TRACK ? &web->login[i] : &web->login_shared;
		if (t->ip[0] != '\0' && now - t->window >= LOGIN_WINDOW_S)
			memset(t, 0, sizeof(*t));	/* its minute is over */
		if (i == WEB_LOGIN_TRACK)
			break;
		if (strcmp(t->ip, ip) == 0)
			own = t;
		else if (!login_blocked(t) && login_spare_first(t, spare))
			spare = t;
	}
	if (own != NULL)
		return own;
	t = spare != NULL ? spare : &web->login_shared;
	if (t->ip[0] == '\0' || t == spare) {
		snprintf(t->ip, sizeof(t->ip), "%s", spare ? ip : "*");
		t->tries = 0;
		t->window = now;
	}
	return t;
}

/* Counts a failure of `ip` or not; returns whether it may still try. */
static int login_allowed(struct web *web, const char *ip, int failed)
{
	struct web_login_track *t = login_track(web, ip);

	if (failed && !login_blocked(t))
		t->tries++;
	return !login_blocked(t);
}

int web_login_allowed(struct web_request *r, int failed)
{
	char ip[64];

	return login_allowed(r->web, client_ip(r, ip, sizeof(ip)), failed);
}

/*
 * Counts a try of a password before it is hashed, so that parallel
 * tries cannot pass the limit while the hashes run; 0 when `ip` may not
 * try now.
 */
static int login_take(struct web *web, const char *ip)
{
	struct web_login_track *t;
	unsigned tries;

	pthread_mutex_lock(&web->lock);
	t = login_track(web, ip);
	tries = login_blocked(t) ? 0 : ++t->tries;
	pthread_mutex_unlock(&web->lock);
	if (tries > 0)
		log_debug("dashboard: password tried from %s (%u of %d this "
			  "minute)", ip, tries, LOGIN_TRIES);
	if (tries == LOGIN_TRIES)
		log_warn("dashboard: %d passwords tried from %s within a "
			 "minute; no more until the minute is over",
			 LOGIN_TRIES, ip);
	return tries > 0;
}

void login_refund(struct web *web, const char *ip)
{
	struct web_login_track *t;

	pthread_mutex_lock(&web->lock);
	t = login_track(web, ip);
	if (t->tries > 0)
		t->tries--;
	pthread_mutex_unlock(&web->lock);
}

/* A new session's cookie and CSRF token into the answer (web->lock held). */
static int session_open(struct web_request *r, struct jbuf *b)
{
	struct web *web = r->web;
	struct web_session *s = &web->session[0];
	uint64_t now = web_now_s();

	for (int i = 0; i < WEB_SESSIONS; i++)
		if (web->session[i].expires < s->expires ||
		    web->session[i].expires <= now) {
			s = &web->session[i];
			if (s->expires <= now)
				break;
		}
	if (random_hex(s->token, 32) < 0 || random_hex(s->csrf, 32) < 0) {
		s->token[0] = '\0';
		return -1;
	}
	s->expires = now + SESSION_S;
	snprintf(r->cookie, sizeof(r->cookie),
		 "pb_session=%s; HttpOnly; SameSite=Strict; Path=/; "
		 "Max-Age=%d%s", s->token, SESSION_S, cookie_secure(web));
	jbuf_printf(b, "{\"admin\":true,\"csrf\":");
	jbuf_str(b, s->csrf);
	jbuf_printf(b, "}");
	return 0;
}

void api_login(struct web_request *r)
{
	struct web *web = r->web;
	char password[256], ip[64];
	int rc;

	client_ip(r, ip, sizeof(ip));
	if (web->cfg.password_hash[0] == '\0') {
		web_error(r, 403, "no admin password is set (web.password-hash "
			  "in pitboss.conf)");
		return;
	}
	rc = web_body_field(r, "password", password, sizeof(password));
	if (rc == -2) {
		web_error(r, 400, "the body is not a JSON object of strings");
		return;
	}
	if (rc < 0) {
		web_error(r, 400, "password missing");
		return;
	}
	if (!login_take(web, ip)) {
		explicit_bzero(password, sizeof(password));
		web_error(r, 429, "too many failed logins; wait a minute");
		return;
	}
	rc = web_login_check(r, ip, password);
	explicit_bzero(password, sizeof(password));
	if (rc == -1)
		web_error(r, 500, "out of memory");
	else if (rc == -2)
		web_error(r, 503, "the dashboard is stopping");
}

void api_login_checked(struct web_request *r)
{
	struct web *web = r->web;
	char ip[64];
	struct jbuf b = { 0 };
	int rc;

	if (r->login_good == -2) {
		web_error(r, 503, "the dashboard is stopping");
		return;
	}
	if (r->login_good == -3) {
		/* Not checked, so given back as its login was freed; a
		 * client that only shut its sending side down reads why. */
		web_error(r, 400, "login not checked: the client shut its side "
			  "of the connection down before its password was "
			  "checked; send it again and wait for the answer");
		return;
	}
	if (r->login_good < 0) {
		web_error(r, 500, "out of memory");
		return;
	}
	if (!r->login_good) {
		web_error(r, 401, "wrong password");
		return;
	}
	client_ip(r, ip, sizeof(ip));
	login_refund(web, ip);
	pthread_mutex_lock(&web->lock);
	rc = session_open(r, &b);
	pthread_mutex_unlock(&web->lock);
	if (rc < 0) {
		jbuf_free(&b);
		web_error(r, 500, "no randomness for a session");
		return;
	}
	web_json(r, &b);
}

void api_logout(struct web_request *r)
{
	struct jbuf b = { 0 };
	struct web_session *s;

	pthread_mutex_lock(&r->web->lock);
	s = find_session(r);
	if (s != NULL)
		memset(s, 0, sizeof(*s));
	pthread_mutex_unlock(&r->web->lock);
	snprintf(r->cookie, sizeof(r->cookie),
		 "pb_session=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0%s",
		 cookie_secure(r->web));
	jbuf_printf(&b, "{\"admin\":false}");
	web_json(r, &b);
}

/* ----------------------------------------------------------- actions */

void api_command(struct web_request *r)
{
	const struct command_word *w;
	char kind[32] = "", text[256] = "", words[160];
	int rc;

	rc = web_body_field(r, "kind", kind, sizeof(kind));
	if (rc == -2 || web_body_field(r, "text", text, sizeof(text)) == -2) {
		web_error(r, 400, "the body is not a JSON object of strings");
		return;
	}
	w = command_find(kind);
	if (w == NULL || !(w->from & COMMAND_FROM_ARBITER)) {
		web_error(r, 400, "kind: '%s' is not %s", kind,
			  command_list(COMMAND_FROM_ARBITER, words,
				       sizeof(words)));
		return;
	}
	web_run_command(r, w->word, text);
}

void web_set_door(struct web *web, web_bell_fn ring, void *ctx)
{
	pthread_mutex_lock(&web->lock);
	web->door_bell = ring;
	web->door_ctx = ctx;
	pthread_mutex_unlock(&web->lock);
}

/* A forfeit is a command too: the daemon records it, so that no handler
 * writes records. */
static void forfeit_done(struct web_request *r, int rc,
			 const struct db_command *cmd)
{
	struct jbuf b = { 0 };

	if (rc == 0 && strcmp(cmd->outcome_kind, "refused") == 0) {
		web_error(r, strcmp(cmd->outcome_cause, COMMAND_CAUSE_FAILED) ==
			  0 ? 500 : 409, "%s", web_outcome_text(cmd));
		return;
	}
	jbuf_printf(&b, "{\"command\":%" PRId64 ",\"forfeit\":", cmd->id);
	if (rc == 0)
		jbuf_printf(&b, "%" PRId64 "}", r->cmd_arg);
	else
		jbuf_printf(&b, "null}");
	web_json(r, &b);
	if (rc == 1)
		r->status = 202;
}

void api_forfeit(struct web_request *r)
{
	char player[32], text[64];
	char *end;
	long long pid;
	int rc = web_body_field(r, "player", player, sizeof(player));

	if (rc == -2) {
		web_error(r, 400, "the body is not a JSON object of strings");
		return;
	}
	pid = rc == 0 ? strtoll(player, &end, 10) : 0;
	if (rc < 0 || *end != '\0' || pid <= 0) {
		web_error(r, 400, "player: a player id is needed");
		return;
	}
	snprintf(text, sizeof(text), "%" PRId64 " %lld", r->param[0], pid);
	r->cmd_arg = pid;
	web_queue_then(r, 0, "forfeit", text, forfeit_done);
}
