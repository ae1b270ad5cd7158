/*
 * names.h - names of players, tables and tournaments: what is allowed
 * and the case-folded key that makes them unique. Pure logic.
 *
 * A name is 1..NAMES_MAX_CHARS characters of valid UTF-8 with no
 * control characters (C0, DEL, C1, U+2028/U+2029) and no blank at
 * either end. Two names are the same name when their keys are equal.
 * The key folds case for ASCII, Latin-1, Latin Extended-A, Greek and
 * Cyrillic capitals; no Unicode normalisation is applied, so "e" with a
 * combining accent is not the same name as the precomposed letter.
 */
#ifndef PITBOSS_NAMES_H
#define PITBOSS_NAMES_H

#include <stddef.h>

#define NAMES_MAX_CHARS 64
#define NAMES_MAX_BYTES (NAMES_MAX_CHARS * 4 + 1)

/* 0 if `name` may be used; else -1 with a message ("what" names it). */
int names_check(const char *what, const char *name, char *err,
		size_t errlen);

/* Writes the folded key of a checked name (at most NAMES_MAX_BYTES). */
void names_key(const char *name, char *key, size_t keylen);

/* Decodes one UTF-8 character at `s`; returns its length, or 0 when
 * the bytes are not valid UTF-8 (overlong, surrogate, > U+10FFFF). */
size_t names_utf8_decode(const unsigned char *s, unsigned long *cp);

#endif
