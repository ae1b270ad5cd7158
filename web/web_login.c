/*
 * web_login.c - the arbiter's password checked away from libmicrohttpd's
 * threads: a slow hash (yescrypt, many rounds of sha512) would hold the
 * thread and every connection it polls. The login's request is
 * suspended, its password hashed by one worker thread, one at a time,
 * and the request resumed to be answered by its own thread
 * (api_login_checked()). Suspended and resumed under web->lock, as the
 * commands are; a stop resumes those still waiting.
 */
#include "config.h"

#include <crypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/web_impl.h"

struct web_login_job {
	struct web_login_job *next;
	struct web_request *r;	/* NULL once resumed (at a stop) */
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

static void job_free(struct web_login_job *job)
{
	explicit_bzero(job->password, sizeof(job->password));
	free(job);
}

/* The job's request resumed with `good` (web->lock held). */
static void job_answer(struct web_login_job *job, int good)
{
	struct web_request *r = job->r;

	if (r == NULL)
		return;
	job->r = NULL;
	r->login_good = good;
	MHD_resume_connection(r->con);
}

static void *login_worker(void *arg)
{
	struct web *web = arg;
	struct web_login_job *job;
	int good;

	pthread_mutex_lock(&web->lock);
	while (!web->closing) {
		job = web->logins;
		if (job == NULL) {
			pthread_cond_wait(&web->login_cond, &web->lock);
			continue;
		}
		/* Kept first in the list while it is hashed, for a stop to
		 * resume its request. */
		pthread_mutex_unlock(&web->lock);
		good = password_good(web, job->password);
		pthread_mutex_lock(&web->lock);
		job_answer(job, good);
		web->logins = job->next;
		job_free(job);
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
	for (struct web_login_job *job = web->logins; job != NULL;
	     job = job->next)
		job_answer(job, -2);
}

void web_login_stop(struct web *web)
{
	struct web_login_job *job;

	if (web->login_started) {
		pthread_join(web->login_thread, NULL);
		web->login_started = 0;
		pthread_cond_destroy(&web->login_cond);
	}
	while ((job = web->logins) != NULL) {
		web->logins = job->next;
		job_free(job);
	}
}

int web_login_check(struct web_request *r, const char *password)
{
	struct web *web = r->web;
	struct web_login_job *job = calloc(1, sizeof(*job)), **p;

	if (job == NULL)
		return -1;
	snprintf(job->password, sizeof(job->password), "%s", password);
	job->r = r;
	pthread_mutex_lock(&web->lock);
	if (web->closing || !web->login_started) {
		pthread_mutex_unlock(&web->lock);
		job_free(job);
		return -2;
	}
	MHD_suspend_connection(r->con);
	r->held = 1;
	r->login_wait = 1;
	for (p = &web->logins; *p != NULL; p = &(*p)->next)
		;
	*p = job;
	pthread_cond_signal(&web->login_cond);
	pthread_mutex_unlock(&web->lock);
	return 0;
}
