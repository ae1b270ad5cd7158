/*
 * fuzz_conf.c - pitboss.conf(5): whatever the text, the parser answers
 * with a configuration or one FILE:LINE error, and never half of one.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/conf.h"
#include "daemon/source.h"
#include "tests/fuzz/fuzz.h"

const char *const fuzz_seeds[] = {
	"database = /var/lib/pitboss/pitboss.db\nweb.port = 8080\n"
	"[table 1]\nsource = sim\nseed = 42\nnoise.miss = 0.01\n",
	"[table 2]\nsource = replay\ntrace = /tmp/x.trace\nplayers = Ada, Bob\n"
	"pins = 1234, 5678\n",
	"[table 3]\ngame = kalah\noptions = pits=6 seeds=4\nsource = gpio\n"
	"line.a = GPIO5\nline.b = GPIO6\nline.c = GPIO13\nline.d = GPIO19\n"
	"line.e = GPIO26\nline.f = GPIO21\nline.S = GPIO20\nline.A = EXP_A\n"
	"line.B = EXP_B\nline.C = EXP_C\nline.D = EXP_D\nline.E = EXP_E\n"
	"line.F = EXP_F\nline.N = GPIO16\nbias = pull-up\nactive-low = yes\n",
	"[table 4]\nnoise.miss = 0.2\nplayers = Ada, , Bob\nsource = sim\n",
	"[table 5]\nsource = camera\n",
	/* A byte order mark, quotes, password hashes whole and not. */
	"\xef\xbb\xbf# club\nweb.password-hash = \"$y$j9T$F5Jx5fExrKuPp53xLKQ..1"
	"$U4SOHmDd8SvW5vCUKSMR6N835VPwFAtgYNhQ9mFFeL5\"\n[table 1]\n"
	"name = \"Front\nsource = sim\n",
	"web.password-hash = $2b$12$yUydcLXJkoZxdiY.Jjzi0elVJdBO3ATGfqSQ5.Kg/"
	"BoMkFyJ/wCeS\nweb.port = 0\n[table 1]\nname = \"\"\nsource = sim\n",
	"web.password-hash = $\n",
	NULL
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct conf conf;
	char *text = malloc(size + 1), err[CONF_ERR_MAX];

	if (text == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	conf_default(&conf);
	if (conf_parse(&conf, "fuzz.conf", text, err, sizeof(err)) < 0 &&
	    strncmp(err, "fuzz.conf", 9) != 0)
		abort();	/* every error names the file */
	for (size_t i = 0; i < conf.ntables; i++)
		if (conf.table[i].source == NULL ||
		    (conf.table[i].source_conf == NULL) !=
		    (conf.table[i].source->conf.size == 0))
			abort();	/* every table has its source's block */
	conf_free(&conf);
	free(text);
	return 0;
}
