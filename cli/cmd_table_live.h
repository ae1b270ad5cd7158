/*
 * cmd_table_live.h - commands to live tables, part of `pitboss table`.
 */
#ifndef PITBOSS_CMD_TABLE_LIVE_H
#define PITBOSS_CMD_TABLE_LIVE_H

#include <stdio.h>

/* Runs `word` (argv[0] is the word); -1 when it is not one of ours. */
int table_live_run(const char *word, int argc, char **argv);
void table_live_usage(FILE *out);

#endif
