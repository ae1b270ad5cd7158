/*
 * alloc_count.h - every allocation counted, for the tests that a move
 * path allocates nothing: the test program is linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc (see Makefile.am), and
 * the wrappers below count each call before passing it on. Included by
 * one file of such a program.
 */
#ifndef PITBOSS_TESTS_ALLOC_COUNT_H
#define PITBOSS_TESTS_ALLOC_COUNT_H

#include <stddef.h>

/* The allocations since the test last set it to 0. */
static unsigned allocations;

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

void *__wrap_malloc(size_t size)
{
	allocations++;
	return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
	allocations++;
	return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
	allocations++;
	return __real_realloc(p, size);
}

#endif
