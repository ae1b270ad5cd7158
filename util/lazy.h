/*
 * lazy.h - a shared library opened at its first use (dlopen) rather
 * than at start: a process that never uses it (a daemon without a
 * camera or MQTT) neither maps nor relocates it, nor the libraries it
 * brings. Its functions are wrappers of the library's own names (one
 * file per library), each calling through lazy_fn().
 */
#ifndef PITBOSS_LAZY_H
#define PITBOSS_LAZY_H

#include <pthread.h>
#include <stdatomic.h>

typedef void (*lazy_fn_t)(void);

struct lazy_lib {
	const char *soname;		/* e.g. "libmosquitto.so.1" */
	const char *const *names;	/* the functions used, NULL-ended */
	lazy_fn_t *fn;			/* their addresses, as names */
	pthread_once_t once;		/* PTHREAD_ONCE_INIT */
	atomic_int ok;			/* all found */
	char why[200];			/* when not ok */
};

/* Opens the library and finds every function in names, once: 0 when
 * all are there, -1 else (lib->why says what is missing). */
int lazy_open(struct lazy_lib *lib);
/* Function i of an opened library: aborts, saying why, when the
 * library could not be opened (callers check lazy_open() at their
 * entry points first). */
lazy_fn_t lazy_fn(struct lazy_lib *lib, int i);

/*
 * A library's file declares its functions as FUNCS(X), X(name) each,
 * then LAZY_LIB(SONAME): their indexes F_name, their names, the
 * library `lib`, and FN(name), the library's function of the type its
 * header gives.
 */
#define LAZY_ENUM_(n) F_##n,
#define LAZY_NAME_(n) #n,
#define LAZY_LIB(soname) \
	enum { FUNCS(LAZY_ENUM_) NFUNCS }; \
	static const char *const names[] = { FUNCS(LAZY_NAME_) NULL }; \
	static lazy_fn_t fn[NFUNCS]; \
	static struct lazy_lib lib = { \
		soname, names, fn, PTHREAD_ONCE_INIT, 0, "" }
#define FN(n) ((__typeof__(&n))lazy_fn(&lib, F_##n))

#endif
