/*
 * machine.c - this machine's identity, as a digest. A board's serial
 * number tells two Raspberry Pis apart even when one's SD card is a
 * clone of the other's (the machine id is cloned with the card); the
 * machine id serves elsewhere. Only a digest is kept (the machine id is
 * not to be shown to others, machine-id(5)).
 */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/machine.h"

static const char *const machine_files[] = {
	"/sys/firmware/devicetree/base/serial-number",
	"/etc/machine-id",
	"/var/lib/dbus/machine-id",
};

/* The first line of `path` without its blanks and nuls, in `buf`;
 * 0 when it has some. */
static int read_id(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	size_t n = 0;
	int c;

	if (f == NULL)
		return -1;
	while ((c = getc(f)) != EOF && c != '\n' && n + 1 < len)
		if (c != '\0' && !isspace(c))
			buf[n++] = (char)c;
	fclose(f);
	buf[n] = '\0';
	return n > 0 ? 0 : -1;
}

/* FNV-1a (64 bits) over "pitboss-instance:" and the identity: the
 * same machine always gives the same digest, which gives nothing of the
 * identity away. */
static void digest(const char *id, char *buf, size_t len)
{
	static const char salt[] = "pitboss-instance:";
	const char *parts[] = { salt, id };
	uint64_t h = 14695981039346656037u;

	for (size_t i = 0; i < 2; i++)
		for (const char *p = parts[i]; *p != '\0'; p++) {
			h ^= (unsigned char)*p;
			h *= 1099511628211u;
		}
	snprintf(buf, len, "%016llx", (unsigned long long)h);
}

const char *machine_digest(char *buf, size_t len)
{
	const char *env = getenv("PITBOSS_MACHINE_ID");
	char id[256];

	buf[0] = '\0';
	if (env != NULL && env[0] != '\0') {
		digest(env, buf, len);
		return "$PITBOSS_MACHINE_ID";
	}
	for (size_t i = 0; i < sizeof(machine_files) / sizeof(*machine_files);
	     i++)
		if (read_id(machine_files[i], id, sizeof(id)) == 0) {
			digest(id, buf, len);
			return machine_files[i];
		}
	return NULL;
}
