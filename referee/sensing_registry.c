/*
 * sensing_registry.c - the sensing table of every game with a sensed
 * board: one line per game. A game not listed has its moves entered.
 */
#include "config.h"

#include "referee/sensing.h"

extern const struct sensing sensing_kalah;
extern const struct sensing sensing_transport;

const struct sensing *const sensing_registry[] = {
	&sensing_kalah,
	&sensing_transport,
	NULL
};
