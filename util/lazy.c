/*
 * lazy.c - shared libraries opened at their first use.
 */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/lazy.h"

/* The library being opened by pthread_once(), which takes no argument;
 * the once lock keeps it to one caller at a time. */
static struct lazy_lib *opening;

static void open_once(void)
{
	struct lazy_lib *lib = opening;
	void *h = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);

	if (h == NULL) {
		snprintf(lib->why, sizeof(lib->why), "%s", dlerror());
		return;
	}
	for (int i = 0; lib->names[i] != NULL; i++) {
		void *p = dlsym(h, lib->names[i]);

		if (p == NULL) {
			snprintf(lib->why, sizeof(lib->why), "%s: no %s",
				 lib->soname, lib->names[i]);
			return;
		}
		/* POSIX: an object pointer from dlsym() is a function's. */
		memcpy(&lib->fn[i], &p, sizeof(p));
	}
	atomic_store(&lib->ok, 1);
}

int lazy_open(struct lazy_lib *lib)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

	if (atomic_load(&lib->ok))
		return 0;
	pthread_mutex_lock(&lock);
	opening = lib;
	pthread_once(&lib->once, open_once);
	pthread_mutex_unlock(&lock);
	return atomic_load(&lib->ok) ? 0 : -1;
}

lazy_fn_t lazy_fn(struct lazy_lib *lib, int i)
{
	if (lazy_open(lib) < 0) {
		fprintf(stderr, "pitboss: %s\n", lib->why);
		abort();
	}
	return lib->fn[i];
}
