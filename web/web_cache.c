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

static void cache_empty(struct web *web)
{
	for (int i = 0; i < WEB_CACHE; i++) {
		if (web->cache[i].resp != NULL)
			MHD_destroy_response(web->cache[i].resp);
		web->cache[i].resp = NULL;
		web->cache[i].key[0] = '\0';
	}
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000;
}

/*
 * Empties the cache when the data changed (cache_lock held). The tables'
 * live state counts every change at once; the database is asked at most
 * every WEB_VERSION_US (a read of its write-ahead log's index), so an
 * answer kept is never older than that behind a change another program
 * made.
 */
static void cache_check(struct web *web)
{
	int64_t dbv = web->cache_dbv;
	uint64_t now = now_us();

	if (now - web->version_at >= WEB_VERSION_US || dbv < 0) {
		if (db_data_version(web->version_db, &dbv) != DB_OK)
			dbv = -1;
		web->version_at = now;
	}
	if (dbv == web->cache_dbv && web->cache_live == web->live_gen &&
	    dbv >= 0)
		return;
	cache_empty(web);
	web->cache_dbv = dbv;
	web->cache_live = web->live_gen;
}

/* Queues the kept answer for `key`, if any: 1 when queued. */
static int cache_get(struct web_request *r, const struct key *k,
		     int64_t *dbv, uint64_t *live)
{
	struct web *web = r->web;
	int hit = 0;

	pthread_mutex_lock(&web->cache_lock);
	cache_check(web);
	for (int i = 0; i < WEB_CACHE && !hit; i++)
		if (web->cache[i].resp != NULL &&
		    strcmp(web->cache[i].key, k->text) == 0) {
			r->queued_ret = MHD_queue_response(r->con, MHD_HTTP_OK,
							   web->cache[i].resp);
			r->queued = hit = 1;
		}
	*dbv = web->cache_dbv;
	*live = web->cache_live;
	pthread_mutex_unlock(&web->cache_lock);
	return hit;
}

/* Keeps the answer just made, unless the data changed meanwhile, and
 * queues it. */
static void cache_put(struct web_request *r, const struct key *k,
		      int64_t dbv, uint64_t live)
{
	struct web *web = r->web;
	struct MHD_Response *resp;
	unsigned i;

	if (r->status != 200 || r->out == NULL || r->response != NULL ||
	    r->cookie[0] != '\0')
		return;
	resp = MHD_create_response_from_buffer_with_free_callback(r->out_len,
			r->out, free);
	if (resp == NULL)
		return;
	r->out = NULL;		/* the response's now */
	web_headers(resp, r->content_type, "no-store");
	pthread_mutex_lock(&web->cache_lock);
	if (dbv == web->cache_dbv && live == web->cache_live) {
		i = web->cache_next++ % WEB_CACHE;
		if (web->cache[i].resp != NULL)
			MHD_destroy_response(web->cache[i].resp);
		web->cache[i].resp = resp;
		snprintf(web->cache[i].key, sizeof(web->cache[i].key), "%s",
			 k->text);
		r->queued_ret = MHD_queue_response(r->con, MHD_HTTP_OK, resp);
		r->queued = 1;
		resp = NULL;
	}
	pthread_mutex_unlock(&web->cache_lock);
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
