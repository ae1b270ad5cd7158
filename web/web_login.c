/*
 * web_login.c - the arbiter's password checked away from libmicrohttpd's
 * threads: a slow hash (yescrypt, many rounds of sha512) would hold the
 * thread and every connection it polls. The login's request is
 * parked (web_park.h) in web->hashing, its password hashed by one
 * worker thread, one at a time in the order they came, and the request
 * resumed to be answered by its own thread (api_login_checked()). A stop
 * resumes those still waiting. A login whose client has gone is resumed
 * at the watchdog's next look (web_logins_tick()), its password not
 * hashed, or its hash under way left to end for nobody. A login never
 * hashed is not counted against its address (web_login_free() gives its
 * try back); one whose hash had started stays counted, so that no
 * address can keep the worker busy by closing its logins.
 */
#include "config.h"

#include <crypt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/log.h"
#include "web/web_impl.h"

/* A password to hash, the request's own: freed with it. */
struct web_login_job {
	struct web_parked park;	/* in web->hashing until hashed */
	struct web_request *r;
	struct web *web;
	int started;		/* its hash begun (web->lock) */
	char ip[64];		/* the client's address, for the log */
	char password[256];
};

/* Whether `password` is the arbiter's: 1, 0, or -1 out of memory. */
static int password_good(const struct web *web, const char *password)
{
	struct crypt_data *cd = calloc(1, sizeof(*cd));
	const char *hash;
	int good;

	if (cd == NULL)
		return -1;
	hash = crypt_r(password, web->cfg.password_hash, cd);
	good = hash != NULL && hash[0] != '*' &&
	       web_equal_time(hash, web->cfg.password_hash);
	explicit_bzero(cd, sizeof(*cd));
	free(cd);
	return good;
}

int web_login_gone(const struct web_login_job *job)
{
	return job != NULL && job->park.gone;
}

void web_login_free(struct web_login_job *job)
{
	int started;

	if (job == NULL)
		return;
	if (job->park.gone) {
		pthread_mutex_lock(&job->web->lock);
		started = job->started;
		pthread_mutex_unlock(&job->web->lock);
		if (started) {
			log_debug("dashboard: the client of the login from %s "
				  "has gone: its hash ends for nobody, its "
				  "try still counted", job->ip);
		} else {
			log_debug("dashboard: the client of the login from %s "
				  "has gone: its password not checked", job->ip);
			login_refund(job->web, job->ip);
		}
	}
	explicit_bzero(job->password, sizeof(job->password));
	free(job);
}

static void *login_worker(void *arg)
{
	struct web *web = arg;
	char password[sizeof(((struct web_login_job *)0)->password)];
	char ip[sizeof(((struct web_login_job *)0)->ip)];
	struct web_login_job *job;
	int good;

	pthread_mutex_lock(&web->lock);
	while (!web->closing) {
		if (web->hashing.first == NULL) {
			pthread_cond_wait(&web->login_cond, &web->lock);
			continue;
		}
		/* Kept first in the list while it is hashed, for a stop to
		 * resume its request; the request may end once resumed. */
		job = (struct web_login_job *)((char *)web->hashing.first -
				offsetof(struct web_login_job, park));
		web->login_busy = job;
		job->started = 1;
		memcpy(password, job->password, sizeof(password));
		memcpy(ip, job->ip, sizeof(ip));
		pthread_mutex_unlock(&web->lock);
		log_debug("dashboard: hashing the password tried from %s", ip);
		good = password_good(web, password);
		explicit_bzero(password, sizeof(password));
		pthread_mutex_lock(&web->lock);
		if (web->closing) {
			web->login_busy = NULL;
			break;		/* resumed by the stop */
		}
		/* Unless resumed meanwhile, its client gone (and the job
		 * maybe freed with its request). */
		if (web->login_busy == job) {
			job->r->login_good = good;
			web_park_wake(&web->hashing, &job->park);
		}
		web->login_busy = NULL;
	}
	pthread_mutex_unlock(&web->lock);
	return NULL;
}

int web_login_start(struct web *web)
{
	pthread_cond_init(&web->login_cond, NULL);
	web->login_started = pthread_create(&web->login_thread, NULL,
					    login_worker, web) == 0;
	return web->login_started ? 0 : -1;
}

void web_logins_wake_all(struct web *web)
{
	if (web->login_started)
		pthread_cond_broadcast(&web->login_cond);
	web_park_wake_all(&web->hashing);
}

void web_logins_tick(struct web *web)
{
	struct web_parked *busy;

	pthread_mutex_lock(&web->lock);
	/* The one hashed is first in the list while it is; once woken,
	 * its request may end (and free it) before the lock is let go. */
	busy = web->login_busy != NULL ? &web->login_busy->park : NULL;
	web_park_wake_gone(&web->hashing);
	if (busy != NULL && web->hashing.first != busy)
		web->login_busy = NULL;		/* its hash ends for nobody */
	pthread_mutex_unlock(&web->lock);
}

void web_login_stop(struct web *web)
{
	if (web->login_started) {
		pthread_join(web->login_thread, NULL);
		web->login_started = 0;
		pthread_cond_destroy(&web->login_cond);
	}
}

int web_login_check(struct web_request *r, const char *ip,
		    const char *password)
{
	struct web *web = r->web;
	struct web_login_job *job = calloc(1, sizeof(*job));

	if (job == NULL)
		return -1;
	snprintf(job->password, sizeof(job->password), "%s", password);
	snprintf(job->ip, sizeof(job->ip), "%s", ip);
	job->r = r;
	job->web = web;
	pthread_mutex_lock(&web->lock);
	if (web->closing || !web->login_started) {
		pthread_mutex_unlock(&web->lock);
		web_login_free(job);
		return -2;
	}
	r->login = job;
	r->login_good = -2;	/* unless hashed before a stop */
	web_park(&web->hashing, &job->park, r->con, 0);
	r->held = 1;
	r->login_wait = 1;
	pthread_cond_signal(&web->login_cond);
	pthread_mutex_unlock(&web->lock);
	return 0;
}
