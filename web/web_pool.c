/*
 * web_pool.c - the dashboard's readers of the database: one kept by
 * each of libmicrohttpd's threads for its requests (web_db_acquire()),
 * so that none waits for another's; and their memory handed back once
 * the requests stop (web_quiet()).
 */
#include "config.h"

#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

#include "web/web_impl.h"

/* The reader a thread keeps for itself, taken at its first request. */
static _Thread_local struct {
	const struct web *web;
	int slot;
} own;

/* A free reader (web->lock held): the thread's own, else any. */
static int free_reader(struct web *web)
{
	if (own.web != web) {
		own.web = web;
		own.slot = -1;
		for (int i = 0; i < WEB_POOL && own.slot < 0; i++)
			if (!web->pool_owned[i]) {
				web->pool_owned[i] = 1;
				own.slot = i;
			}
	}
	if (own.slot >= 0 && !web->pool_busy[own.slot])
		return own.slot;
	for (int i = 0; i < WEB_POOL; i++)
		if (!web->pool_busy[i])
			return i;
	return -1;
}

/* Each of libmicrohttpd's threads has its reader: none waits for one,
 * except behind the watchdog handing a reader's memory back. */
struct db *web_db_acquire(struct web *web)
{
	struct db *db = NULL;
	int i = -1;

	pthread_mutex_lock(&web->lock);
	while (web->pool[0] != NULL && (i = free_reader(web)) < 0)
		pthread_cond_wait(&web->pool_free, &web->lock);
	if (web->pool[0] != NULL) {
		web->pool_busy[i] = 1;
		db = web->pool[i];
	}
	pthread_mutex_unlock(&web->lock);
	return db;
}

void web_db_release(struct web *web, struct db *db)
{
	pthread_mutex_lock(&web->lock);
	for (int i = 0; i < WEB_POOL; i++)
		if (web->pool[i] == db)
			web->pool_busy[i] = 0;
	pthread_cond_signal(&web->pool_free);
	pthread_mutex_unlock(&web->lock);
}

void web_quiet(struct web *web)
{
	for (int i = 0; i < WEB_POOL; i++) {
		struct db *db = NULL;

		pthread_mutex_lock(&web->lock);
		if (web->pool[i] != NULL && !web->pool_busy[i]) {
			web->pool_busy[i] = 1;
			db = web->pool[i];
		}
		pthread_mutex_unlock(&web->lock);
		if (db == NULL)
			continue;
		db_release_memory(db);
		web_db_release(web, db);
	}
#ifdef HAVE_MALLOC_TRIM
	malloc_trim(0);
#endif
}
