/*
 * web_cache.c - answers made once and sent many times, by reference:
 * the API's read answers, kept until the data change (the database's
 * data_version, the tables' live state), and the files compiled in,
 * kept for the server's life with their ETag (a client that has one
 * gets 304 Not Modified).
 *
 * A kept answer is a libmicrohttpd response with its headers, which
 * counts the connections sending it; it is queued under the cache's
 * lock, so emptying the cache never frees one a connection is about to
 * send.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web/web_assets.h"
#include "web/web_impl.h"

/* ----------------------------------------------------------- the API */

struct key {
	char text[WEB_KEY_MAX];
	size_t len;
	int fits;
};

static enum MHD_Result add_arg(void *cls, enum MHD_ValueKind kind,
			       const char *name, const char *value)
{
	struct key *k = cls;
	int n;

	(void)kind;
	n = snprintf(k->text + k->len, sizeof(k->text) - k->len, "%c%s=%s",
		     strchr(k->text, '?') ? '&' : '?', name,
		     value != NULL ? value : "");
	if (n < 0 || (size_t)n >= sizeof(k->text) - k->len) {
		k->fits = 0;
		return MHD_NO;
	}
	k->len += (size_t)n;
	return MHD_YES;
}

/* The request's path and query, as the answer's key; 0 when too long. */
static int key_of(struct web_request *r, struct key *k)
{
	int n = snprintf(k->text, sizeof(k->text), "%s", r->url);

	if (n < 0 || (size_t)n >= sizeof(k->text))
		return 0;
	k->len = (size_t)n;
	k->fits = 1;
	MHD_get_connection_values(r->con, MHD_GET_ARGUMENT_KIND, add_arg, k);
	return k->fits;
}

/* Lets kept answer `i` go (the cache's lock held for writing). */
static void cache_drop(struct web *web, unsigned i)
{
	if (web->cache[i].resp != NULL)
		MHD_destroy_response(web->cache[i].resp);
	web->cache[i].resp = NULL;
	web->cache[i].key[0] = '\0';
	web->cache_bytes -= web->cache[i].size;
	web->cache[i].size = 0;
}

static void cache_empty(struct web *web)
{
	for (unsigned i = 0; i < WEB_CACHE; i++)
		cache_drop(web, i);
}

/* Room for a body of `size` in slot `i`: the oldest answers after it go
 * while the bodies kept would be over WEB_CACHE_BYTES (the cache's lock
 * held for writing). */
static void cache_room(struct web *web, unsigned i, size_t size)
{
	cache_drop(web, i);
	for (unsigned n = 1; n < WEB_CACHE &&
	     web->cache_bytes + size > WEB_CACHE_BYTES; n++)
		cache_drop(web, (i + n) % WEB_CACHE);
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000;
}

/*
 * Asks the database whether another program changed it, at most every
 * WEB_VERSION_US (a read of its write-ahead log's index, with a lock on
 * the file), by one request at a time: the others go on with the last
 * answer meanwhile rather than wait behind it, unless it is older than
 * WEB_VERSION_WAIT_US (the request asking is held up) or there is none.
 */
static void version_refresh(struct web *web)
{
	uint64_t age;
	int64_t dbv;
	int wait, due;

	pthread_mutex_lock(&web->gen_lock);
	age = now_us() - web->version_at;
	wait = web->known_dbv < 0 || age >= WEB_VERSION_WAIT_US;
	due = wait || age >= WEB_VERSION_US;
	pthread_mutex_unlock(&web->gen_lock);
	if (!due)
		return;
	if (wait)
		pthread_mutex_lock(&web->version_lock);
	else if (pthread_mutex_trylock(&web->version_lock) != 0)
		return;
	pthread_mutex_lock(&web->gen_lock);
	due = web->known_dbv < 0 ||
	      now_us() - web->version_at >= WEB_VERSION_US;
	pthread_mutex_unlock(&web->gen_lock);
	if (due) {
		if (db_data_version(web->version_db, &dbv) != DB_OK)
			dbv = -1;
		pthread_mutex_lock(&web->gen_lock);
		web->known_dbv = dbv;
		web->version_at = now_us();
		pthread_mutex_unlock(&web->gen_lock);
	}
	pthread_mutex_unlock(&web->version_lock);
}

/* The data's state now: the database's version (-1: unknown) and the
 * tables' live state. */
static void data_state(struct web *web, int64_t *dbv, uint64_t *live)
{
	pthread_mutex_lock(&web->gen_lock);
	*dbv = web->known_dbv;
	*live = web->live_gen;
	pthread_mutex_unlock(&web->gen_lock);
}

/* The kept answer for `key` queued, if any, and fresh: 1 when queued.
 * `dbv` and `live` are the state the answer made next is kept for. */
static int cache_get(struct web_request *r, const struct key *k,
		     int64_t *dbv, uint64_t *live)
{
	struct web *web = r->web;
	int hit = 0, fresh;

	version_refresh(web);
	data_state(web, dbv, live);
	if (*dbv < 0)
		return 0;
	pthread_rwlock_rdlock(&web->cache_lock);
	fresh = web->cache_dbv == *dbv && web->cache_live == *live;
	for (int i = 0; i < WEB_CACHE && fresh && !hit; i++)
		if (web->cache[i].resp != NULL &&
		    strcmp(web->cache[i].key, k->text) == 0) {
			r->queued_ret = MHD_queue_response(r->con, MHD_HTTP_OK,
							   web->cache[i].resp);
			r->queued = hit = 1;
		}
	pthread_rwlock_unlock(&web->cache_lock);
	if (fresh)
		return hit;
	/* The data changed: the answers kept go, for the newest state
	 * known (another request may have seen a newer one). */
	pthread_rwlock_wrlock(&web->cache_lock);
	data_state(web, dbv, live);
	if (web->cache_dbv != *dbv || web->cache_live != *live) {
		cache_empty(web);
		web->cache_dbv = *dbv;
		web->cache_live = *live;
	}
	pthread_rwlock_unlock(&web->cache_lock);
	return 0;
}

/* Keeps the answer just made, unless the data changed meanwhile, and
 * queues it. */
static void cache_put(struct web_request *r, const struct key *k,
		      int64_t dbv, uint64_t live)
{
	struct web *web = r->web;
	struct MHD_Response *resp;
	unsigned i;

	char *body;

	if (r->status != 200 || r->out == NULL || r->response != NULL ||
	    r->cookie[0] != '\0' || dbv < 0 || r->out_len > WEB_CACHE_BYTES)
		return;
	/* Kept in no more memory than it needs. */
	body = realloc(r->out, r->out_len + 1);
	if (body != NULL)
		r->out = body;
	resp = MHD_create_response_from_buffer_with_free_callback(r->out_len,
			r->out, free);
	if (resp == NULL)
		return;
	r->out = NULL;		/* the response's now */
	web_headers(resp, r->content_type, "no-store");
	pthread_rwlock_wrlock(&web->cache_lock);
	if (dbv == web->cache_dbv && live == web->cache_live) {
		i = web->cache_next++ % WEB_CACHE;
		cache_room(web, i, r->out_len);
		web->cache[i].resp = resp;
		web->cache[i].size = r->out_len;
		web->cache_bytes += r->out_len;
		snprintf(web->cache[i].key, sizeof(web->cache[i].key), "%s",
			 k->text);
		r->queued_ret = MHD_queue_response(r->con, MHD_HTTP_OK, resp);
		r->queued = 1;
		resp = NULL;
	}
	pthread_rwlock_unlock(&web->cache_lock);
	if (resp != NULL) {
		r->queued_ret = MHD_queue_response(r->con, MHD_HTTP_OK, resp);
		r->queued = 1;
		MHD_destroy_response(resp);
	}
}

void web_cache_run(struct web_request *r,
		   void (*handler)(struct web_request *r))
{
	struct key k;
	int64_t dbv;
	uint64_t live;

	if (!key_of(r, &k)) {
		handler(r);
		return;
	}
	if (cache_get(r, &k, &dbv, &live))
		return;
	handler(r);
	cache_put(r, &k, dbv, live);
}

void web_cache_stop(struct web *web)
{
	cache_empty(web);
}

/* --------------------------------------------------------- the files */

/* FNV-1a, 64 bits: the ETag of a file compiled in. */
static uint64_t fnv1a(const unsigned char *data, size_t size)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < size; i++) {
		h ^= data[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

static int file_prepare(struct web_file *f, const struct web_asset *a)
{
	f->name = a->name;
	snprintf(f->etag, sizeof(f->etag), "\"%016llx\"",
		 (unsigned long long)fnv1a(a->data, a->size));
	f->ok = web_response_static(a->size, a->data);
	f->same = web_response_static(0, "");
	if (f->ok == NULL || f->same == NULL)
		return -1;
	web_headers(f->ok, web_content_type(a->name), WEB_FILE_CACHE);
	MHD_add_response_header(f->ok, MHD_HTTP_HEADER_ETAG, f->etag);
	web_headers(f->same, NULL, WEB_FILE_CACHE);
	MHD_add_response_header(f->same, MHD_HTTP_HEADER_ETAG, f->etag);
	return 0;
}

int web_files_start(struct web *web)
{
	size_t n = 0;

	while (web_assets[n].name != NULL)
		n++;
	web->files = calloc(n ? n : 1, sizeof(*web->files));
	if (web->files == NULL)
		return -1;
	web->nfiles = n;
	for (size_t i = 0; i < n; i++)
		if (file_prepare(&web->files[i], &web_assets[i]) < 0)
			return -1;
	return 0;
}

void web_files_stop(struct web *web)
{
	for (size_t i = 0; web->files != NULL && i < web->nfiles; i++) {
		if (web->files[i].ok != NULL)
			MHD_destroy_response(web->files[i].ok);
		if (web->files[i].same != NULL)
			MHD_destroy_response(web->files[i].same);
	}
	free(web->files);
	web->files = NULL;
}

int web_etag_matches(struct web_request *r, const char *etag)
{
	const char *given = MHD_lookup_connection_value(r->con,
			MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);

	return given != NULL &&
	       (strcmp(given, "*") == 0 || strstr(given, etag) != NULL);
}

int web_file_builtin(struct web_request *r, const char *name)
{
	const struct web_file *f = r->web->files;
	size_t i;

	for (i = 0; i < r->web->nfiles && strcmp(f[i].name, name) != 0; i++)
		;
	if (i == r->web->nfiles)
		return -1;
	r->status = web_etag_matches(r, f[i].etag) ? MHD_HTTP_NOT_MODIFIED :
		    MHD_HTTP_OK;
	r->queued_ret = MHD_queue_response(r->con, r->status,
					   r->status == MHD_HTTP_OK ? f[i].ok :
					   f[i].same);
	r->queued = 1;
	return 0;
}
