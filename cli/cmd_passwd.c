/*
 * cmd_passwd.c - `pitboss passwd`: the arbiter's password hashed with
 * crypt(3) and written into pitboss.conf(5) as web.password-hash, the
 * file rewritten whole beside itself and renamed over, every other line
 * kept as it was.
 */
#include "config.h"

#include <crypt.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "cli/cli.h"

#define HASH_KEY "web.password-hash"
#define PASSWORD_MAX 255	/* the dashboard reads no longer password */
#define CONF_SIZE_MAX (1024 * 1024)

/* The methods tried, best first: yescrypt, else SHA-512 (both checked
 * by pitbossd and accepted by pitboss.conf(5)). */
static const char *const methods[] = { "$y$", "$6$", NULL };

static void passwd_usage(FILE *out)
{
	fprintf(out,
		"usage: %s passwd [--config FILE]\n"
		"\n"
		"Sets the arbiter's password for the dashboard: asks for it twice\n"
		"on a terminal (else reads one line from standard input), and\n"
		"writes its crypt(3) hash as %s into FILE\n"
		"(" CONF_DEFAULT_PATH "), keeping every other line.\n"
		"pitbossd takes it when restarted.\n", cli_progname, HASH_KEY);
}

/* ------------------------------------------------------------ reading */

/* One line of `in` into `buf`, its newline cut: 0, or -1 at the end of
 * the input or for a line too long (after a message). */
static int read_line(FILE *in, char *buf, size_t size)
{
	size_t n;

	if (fgets(buf, (int)size, in) == NULL) {
		cli_error("passwd: no password given");
		return -1;
	}
	n = strcspn(buf, "\n");
	if (buf[n] != '\n' && !feof(in)) {
		cli_error("passwd: a password is at most %d characters",
			  PASSWORD_MAX);
		return -1;
	}
	buf[n] = '\0';
	if (n > 0 && buf[n - 1] == '\r')
		buf[n - 1] = '\0';
	return 0;
}

/* A line read from the terminal on standard input, not echoed. */
static int ask(const char *prompt, char *buf, size_t size)
{
	struct termios old, quiet;
	int rc;

	fputs(prompt, stderr);
	fflush(stderr);
	if (tcgetattr(STDIN_FILENO, &old) < 0) {
		cli_error("passwd: the terminal: %s", strerror(errno));
		return -1;
	}
	quiet = old;
	quiet.c_lflag &= ~(tcflag_t)ECHO;
	quiet.c_lflag |= ECHONL;
	tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
	rc = read_line(stdin, buf, size);
	tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
	return rc;
}

/* The new password: asked twice on a terminal, else one line. */
static int get_password(char *password, size_t size)
{
	char again[PASSWORD_MAX + 2];
	int same;

	if (!isatty(STDIN_FILENO)) {
		if (read_line(stdin, password, size) < 0)
			return -1;
	} else {
		if (ask("New password for the arbiter: ", password, size) < 0 ||
		    ask("The same again: ", again, sizeof(again)) < 0)
			return -1;
		same = strcmp(password, again) == 0;
		explicit_bzero(again, sizeof(again));
		if (!same) {
			cli_error("passwd: the two passwords differ; nothing "
				  "written");
			return -1;
		}
	}
	if (password[0] == '\0') {
		cli_error("passwd: an empty password; nothing written");
		return -1;
	}
	return 0;
}

/* `password`'s hash in `hash` by the best method this libcrypt has. */
static int make_hash(const char *password, char *hash, size_t size)
{
	char salt[CRYPT_GENSALT_OUTPUT_SIZE];
	struct crypt_data *cd = calloc(1, sizeof(*cd));
	const char *out = NULL;

	if (cd == NULL) {
		cli_error("out of memory");
		return -1;
	}
	for (size_t i = 0; methods[i] != NULL && out == NULL; i++) {
		if (crypt_gensalt_rn(methods[i], 0, NULL, 0, salt,
				     sizeof(salt)) == NULL)
			continue;
		out = crypt_r(password, salt, cd);
		if (out != NULL && (out[0] == '*' || strlen(out) >= size))
			out = NULL;
	}
	if (out != NULL)
		strcpy(hash, out);
	else
		cli_error("passwd: crypt(3) made no hash: %s", strerror(errno));
	explicit_bzero(cd, sizeof(*cd));
	free(cd);
	return out != NULL ? 0 : -1;
}

/* ---------------------------------------------------------- the file */

/* The file's text, NUL-terminated, in *text (to be freed). */
static int read_conf(const char *path, char **text, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t n;

	if (f == NULL) {
		cli_error("passwd: %s: %s", path, strerror(errno));
		return -1;
	}
	buf = malloc(CONF_SIZE_MAX + 1);
	if (buf == NULL) {
		fclose(f);
		cli_error("out of memory");
		return -1;
	}
	n = fread(buf, 1, CONF_SIZE_MAX + 1, f);
	if (ferror(f) || n > CONF_SIZE_MAX || memchr(buf, '\0', n) != NULL) {
		cli_error("passwd: %s: %s", path, ferror(f) ? strerror(errno) :
			  n > CONF_SIZE_MAX ? "larger than 1 MiB" :
			  "not a text file (a NUL byte)");
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}

/* Where the key goes in the file's text: `replace` the line that sets
 * it, else insert before `insert` (a byte offset); `line` its number. */
struct spot {
	size_t start, end;	/* the line replaced: [start, end) */
	int replace;
	unsigned line;
};

/* The line at `s` (of `n` bytes) with its blanks around skipped: the
 * key it sets is HASH_KEY. */
static int sets_hash(const char *s, size_t n)
{
	size_t k = strlen(HASH_KEY);

	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	if (n < k || strncmp(s, HASH_KEY, k) != 0)
		return 0;
	s += k;
	n -= k;
	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	return n > 0 && *s == '=';
}

/* A comment naming the key (the example's hint), trimmed. */
static int mentions_hash(const char *s, size_t n)
{
	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	if (n == 0 || (*s != '#' && *s != ';'))
		return 0;
	do {
		s++;
		n--;
	} while (n > 0 && (*s == ' ' || *s == '\t'));
	return sets_hash(s, n);
}

/* Finds the spot for the key: the line setting it before the first
 * section; else after the comment naming it; else before the first
 * section, or at the end. */
static int find_spot(const char *path, const char *text, size_t len,
		     struct spot *sp)
{
	size_t at = 0, end;
	unsigned line = 0, hint_line = 0, section_line = 0;
	size_t hint = SIZE_MAX, section = SIZE_MAX;
	int in_table = 0;

	memset(sp, 0, sizeof(*sp));
	for (; at < len; at = end + 1) {
		const char *s = text + at, *nl = memchr(s, '\n', len - at);
		size_t n, blank;

		end = nl != NULL ? (size_t)(nl - text) : len;
		n = end - at;
		line++;
		blank = strspn(s, " \t");
		if (blank < n && s[blank] == '[' && !in_table) {
			in_table = 1;
			section = at;
			section_line = line;
		}
		if (sets_hash(s, n)) {
			if (in_table) {
				cli_error("%s:%u: %s is a global key: put it "
					  "before the first [table N]", path,
					  line, HASH_KEY);
				return -1;
			}
			if (sp->replace) {
				cli_error("%s:%u: %s set twice (first on line "
					  "%u)", path, line, HASH_KEY,
					  sp->line);
				return -1;
			}
			*sp = (struct spot){ at, end, 1, line };
		} else if (!in_table && hint == SIZE_MAX && mentions_hash(s, n)) {
			hint = end < len ? end + 1 : len;
			hint_line = line + 1;
		}
	}
	if (sp->replace)
		return 0;
	if (hint != SIZE_MAX)
		*sp = (struct spot){ hint, hint, 0, hint_line };
	else if (section != SIZE_MAX)
		*sp = (struct spot){ section, section, 0, section_line };
	else
		*sp = (struct spot){ len, len, 0, line + 1 };
	return 0;
}

/* Writes all of `buf` to `fd`. */
static int write_all(int fd, const char *buf, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, buf, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The new text into `fd`: the file's, the key's line put at `sp`. */
static int write_text(int fd, const char *text, size_t len,
		      const struct spot *sp, const char *hash)
{
	char line[CRYPT_OUTPUT_SIZE + 64];
	int n = snprintf(line, sizeof(line), "%s = %s\n", HASH_KEY, hash);
	int needs_newline = !sp->replace && sp->start == len && len > 0 &&
			    text[len - 1] != '\n';

	if (write_all(fd, text, sp->start) < 0 ||
	    (needs_newline && write_all(fd, "\n", 1) < 0) ||
	    write_all(fd, line, (size_t)n - (sp->replace &&
						  sp->end == len)) < 0)
		return -1;
	if (sp->replace && sp->end < len)
		return write_all(fd, text + sp->end + 1, len - sp->end - 1);
	return write_all(fd, text + sp->end, len - sp->end);
}

/* The text written beside `path` with its mode and owner, synced, and
 * renamed over it; the folder synced. */
static int replace_file(const char *path, const char *text, size_t len,
			const struct spot *sp, const char *hash)
{
	char tmp[PATH_MAX + 16], dir[PATH_MAX];
	struct stat st;
	int fd, dfd;

	if (stat(path, &st) < 0 ||
	    snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path) >= (int)sizeof(tmp))
		goto err;
	fd = mkstemp(tmp);
	if (fd < 0)
		goto err;
	if (fchmod(fd, st.st_mode & 07777) < 0 ||
	    (fchown(fd, st.st_uid, st.st_gid) < 0 && geteuid() == 0) ||
	    write_text(fd, text, len, sp, hash) < 0 || fsync(fd) < 0) {
		close(fd);
		goto err_unlink;
	}
	if (close(fd) < 0 || rename(tmp, path) < 0)
		goto err_unlink;
	snprintf(dir, sizeof(dir), "%s", path);
	dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
err_unlink:
	cli_error("passwd: %s: %s", tmp, strerror(errno));
	unlink(tmp);
	return -1;
err:
	cli_error("passwd: %s: %s", path, strerror(errno));
	return -1;
}

/* -------------------------------------------------------- the command */

static int set_hash(const char *given, const char *hash)
{
	char path[PATH_MAX], *text = NULL;
	struct spot sp;
	size_t len;
	int rc = EXIT_REFUSED;

	/* A link's target is rewritten, not the link replaced by a file. */
	if (realpath(given, path) == NULL) {
		cli_error("passwd: %s: %s", given, strerror(errno));
		return EXIT_REFUSED;
	}
	if (read_conf(path, &text, &len) == 0 &&
	    find_spot(given, text, len, &sp) == 0 &&
	    replace_file(path, text, len, &sp, hash) == 0) {
		printf("%s:%u: %s %s; restart pitbossd to use it\n", given,
		       sp.line, HASH_KEY, sp.replace ? "replaced" : "added");
		rc = EXIT_OK;
	}
	free(text);
	return rc;
}

static int run_passwd(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *path = CONF_DEFAULT_PATH;
	char password[PASSWORD_MAX + 2], hash[CRYPT_OUTPUT_SIZE];
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "c:", lo, NULL)) != -1) {
		switch (c) {
		case 'c':
			path = optarg;
			break;
		case 'h':
			passwd_usage(stdout);
			return EXIT_OK;
		default:
			cli_error("passwd: unknown option or missing value: %s",
				  argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	if (optind != argc) {
		cli_error("passwd: unexpected argument '%s'", argv[optind]);
		return EXIT_USAGE;
	}
	/* Refused before a password is asked for, when it could not be
	 * written. */
	if (access(path, R_OK | W_OK) < 0) {
		cli_error("passwd: %s: %s", path, strerror(errno));
		return EXIT_REFUSED;
	}
	rc = get_password(password, sizeof(password)) == 0 &&
	     make_hash(password, hash, sizeof(hash)) == 0 ?
	     set_hash(path, hash) : EXIT_REFUSED;
	explicit_bzero(password, sizeof(password));
	return rc;
}

const struct cli_group cli_passwd_group = {
	.name = "passwd",
	.summary = "set the arbiter's password for the dashboard",
	.run = run_passwd,
	.usage = passwd_usage,
};
