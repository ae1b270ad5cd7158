/*
 * web_assets.h - the dashboard's pages, script and style compiled into
 * the program: web/web_assets.c, made at build time from the files
 * Makefile.am lists (WEB_ASSETS) by web/embed_assets.sh.
 */
#ifndef PITBOSS_WEB_ASSETS_H
#define PITBOSS_WEB_ASSETS_H

#include <stddef.h>

struct web_asset {
	const char *name;		/* base name: "app.js" */
	const unsigned char *data;	/* `size` bytes, then a NUL */
	size_t size;
};

/* Every file, in the list's order, then one with a NULL name. */
extern const struct web_asset web_assets[];

#endif
