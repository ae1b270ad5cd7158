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

/* Where the identity is read, in order, each with the kind it is kept
 * under: the digest of one kind is only ever compared with another of
 * the same kind. A machine id must be 32 hex digits ("uninitialized"
 * at a first boot is none). */
static const struct machine_source {
	const char *path, *kind;
	int hex32;
} machine_sources[] = {
	{ "/sys/firmware/devicetree/base/serial-number", "serial", 0 },
	{ "/etc/machine-id", "machine-id", 1 },
	{ "/var/lib/dbus/machine-id", "machine-id", 1 },
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

static int is_hex32(const char *id)
{
	size_t n = strspn(id, "0123456789abcdefABCDEF");

	return n == 32 && id[n] == '\0';
}

/* "KIND:" and FNV-1a (64 bits) over "pitboss-instance:" and the
 * identity: the same machine always gives the same digest, and the
 * digest is not the identity itself. */
static void digest(const char *kind, const char *id, char *buf, size_t len)
{
	static const char salt[] = "pitboss-instance:";
	const char *parts[] = { salt, id };
	uint64_t h = 14695981039346656037u;

	for (size_t i = 0; i < 2; i++)
		for (const char *p = parts[i]; *p != '\0'; p++) {
			h ^= (unsigned char)*p;
			h *= 1099511628211u;
		}
	snprintf(buf, len, "%s:%016llx", kind, (unsigned long long)h);
}

const char *machine_digest(char *buf, size_t len)
{
	const char *env = getenv("PITBOSS_MACHINE_ID");
	char id[256];

	buf[0] = '\0';
	if (env != NULL && env[0] != '\0') {
		digest("env", env, buf, len);
		return "$PITBOSS_MACHINE_ID";
	}
	for (size_t i = 0; i < sizeof(machine_sources) /
	     sizeof(*machine_sources); i++) {
		const struct machine_source *m = &machine_sources[i];

		if (read_id(m->path, id, sizeof(id)) == 0 &&
		    (!m->hex32 || is_hex32(id))) {
			digest(m->kind, id, buf, len);
			return m->path;
		}
	}
	return NULL;
}
