/*
 * gpiod2_fake.c - libgpiod 2.x as a set of fake GPIO chips (see
 * gpiod2_fake.h): the chips, and every libgpiod call gpio/gpio_v2.c
 * makes, as __wrap_ functions.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "tests/gpiod2_fake.h"

struct fake_world world;

struct fake_line *fake_line(const char *name)
{
	for (int c = 0; c < FAKE_CHIPS; c++)
		for (int l = 0; l < world.chip[c].nlines; l++)
			if (strcmp(world.chip[c].line[l].name, name) == 0)
				return &world.chip[c].line[l];
	fail_msg("no fake line %s", name);
	return NULL;
}

static void fake_chip(int c, const char *name, const char *lines)
{
	struct fake_chip *chip = &world.chip[c];
	char copy[512], *save = NULL;

	snprintf(chip->name, sizeof(chip->name), "%s", name);
	chip->plugged = 1;
	snprintf(copy, sizeof(copy), "%s", lines);
	for (char *w = strtok_r(copy, " ", &save); w != NULL;
	     w = strtok_r(NULL, " ", &save)) {
		struct fake_line *line = &chip->line[chip->nlines];

		line->chip = chip;
		line->offset = (unsigned)chip->nlines++;
		snprintf(line->name, sizeof(line->name), "%s", w);
	}
}

void world_reset(void)
{
	memset(&world, 0, sizeof(world));
	fake_chip(0, "gpiochip0",
		  "ID_SDA ID_SCL GPIO2 GPIO3 GPIO4 GPIO5 GPIO6 GPIO7 GPIO8 "
		  "GPIO9 GPIO10 GPIO11 GPIO12 GPIO13 GPIO16 GPIO17 GPIO18 "
		  "GPIO19 GPIO20 GPIO21 GPIO22 GPIO23 GPIO26 GPIO27");
	fake_chip(1, "gpiochip1", "EXP0 EXP1 EXP2 EXP3 EXP4 EXP5 EXP6 EXP7");
	fake_chip(2, "gpiochip2", "BRCM_A BRCM_B");
}

static struct fake_chip *chip_at(const char *path)
{
	for (int c = 0; c < FAKE_CHIPS; c++)
		if (world.chip[c].plugged &&
		    strncmp(path, "/dev/", 5) == 0 &&
		    strcmp(path + 5, world.chip[c].name) == 0)
			return &world.chip[c];
	return NULL;
}

/* The kernel's stamp of a debounced edge: when the period ran out. */
void edge(const char *name, uint64_t t_us, int rising)
{
	struct fake_line *line = fake_line(name);
	struct gpiod_line_request *req = line->req;
	struct gpiod_edge_event *ev;

	assert_non_null(req);
	assert_int_equal(line->set.edge, GPIOD_LINE_EDGE_BOTH);
	assert_true(req->nev < FAKE_EVENTS);
	ev = &req->ev[req->nev++];
	ev->type = rising ? GPIOD_EDGE_EVENT_RISING_EDGE
			  : GPIOD_EDGE_EVENT_FALLING_EDGE;
	ev->ts_ns = (t_us + line->set.debounce_us) * 1000u;
	ev->offset = line->offset;
}

void pulse(const char *name, uint64_t t_us)
{
	edge(name, t_us, 1);
	edge(name, t_us + 30000, 0);
}

int chips_open(void)
{
	int n = 0;

	for (int c = 0; c < FAKE_CHIPS; c++)
		n += world.chip[c].opened;
	return n;
}

int lines_requested(void)
{
	int n = 0;

	for (int c = 0; c < FAKE_CHIPS; c++)
		for (int l = 0; l < world.chip[c].nlines; l++)
			n += world.chip[c].line[l].req != NULL;
	return n;
}

/* ------------------------------------------------------- /dev, wrapped */

static int (*scandir_compar)(const struct dirent **, const struct dirent **);

static int by_scandir_compar(const void *a, const void *b)
{
	return scandir_compar((const struct dirent **)a,
			      (const struct dirent **)b);
}

/*
 * /dev as the backend sees it: the plugged chips, listed last-first so
 * the sort is needed, a stale "gpiochip9" that is no device, and others.
 */
static int fake_scandir(const char *dir, struct dirent ***names,
			int (*filter)(const struct dirent *),
			int (*compar)(const struct dirent **,
				      const struct dirent **))
{
	const char *others[] = { "null", "gpiochip9", "gpiomem" };
	const char *all[FAKE_CHIPS + 3];
	struct dirent **list;
	int nall = 0, n = 0;

	assert_string_equal(dir, "/dev");
	if (world.list_errno != 0) {
		errno = world.list_errno;
		return -1;
	}
	for (int c = FAKE_CHIPS - 1; c >= 0; c--)
		if (world.chip[c].plugged)
			all[nall++] = world.chip[c].name;
	for (size_t k = 0; k < sizeof(others) / sizeof(others[0]); k++)
		all[nall++] = others[k];
	list = calloc((size_t)nall, sizeof(*list));
	assert_non_null(list);
	for (int k = 0; k < nall; k++) {
		struct dirent d;

		memset(&d, 0, sizeof(d));
		snprintf(d.d_name, sizeof(d.d_name), "%s", all[k]);
		if (filter != NULL && !filter(&d))
			continue;
		list[n] = malloc(sizeof(d));
		assert_non_null(list[n]);
		*list[n++] = d;
	}
	if (compar != NULL) {
		scandir_compar = compar;
		qsort(list, (size_t)n, sizeof(*list), by_scandir_compar);
	}
	*names = list;
	return n;
}

/* With 64-bit file offsets on a 32-bit system, glibc calls it scandir64. */
int __wrap_scandir(const char *, struct dirent ***,
		   int (*)(const struct dirent *),
		   int (*)(const struct dirent **, const struct dirent **));
int __wrap_scandir64(const char *, struct dirent ***,
		     int (*)(const struct dirent *),
		     int (*)(const struct dirent **, const struct dirent **));

int __wrap_scandir(const char *dir, struct dirent ***names,
		   int (*filter)(const struct dirent *),
		   int (*compar)(const struct dirent **, const struct dirent **))
{
	return fake_scandir(dir, names, filter, compar);
}

int __wrap_scandir64(const char *dir, struct dirent ***names,
		     int (*filter)(const struct dirent *),
		     int (*compar)(const struct dirent **,
				   const struct dirent **))
{
	return fake_scandir(dir, names, filter, compar);
}

/* --------------------------------------------- libgpiod 2.x, wrapped */

bool __wrap_gpiod_is_gpiochip_device(const char *);
struct gpiod_chip *__wrap_gpiod_chip_open(const char *);
void __wrap_gpiod_chip_close(struct gpiod_chip *);
int __wrap_gpiod_chip_get_line_offset_from_name(struct gpiod_chip *,
						const char *);
struct gpiod_line_info *__wrap_gpiod_chip_get_line_info(struct gpiod_chip *,
							unsigned int);
bool __wrap_gpiod_line_info_is_used(struct gpiod_line_info *);
const char *__wrap_gpiod_line_info_get_consumer(struct gpiod_line_info *);
void __wrap_gpiod_line_info_free(struct gpiod_line_info *);
struct gpiod_line_settings *__wrap_gpiod_line_settings_new(void);
void __wrap_gpiod_line_settings_free(struct gpiod_line_settings *);
void __wrap_gpiod_line_settings_reset(struct gpiod_line_settings *);
int __wrap_gpiod_line_settings_set_direction(struct gpiod_line_settings *,
					     enum gpiod_line_direction);
int __wrap_gpiod_line_settings_set_edge_detection(struct gpiod_line_settings *,
						  enum gpiod_line_edge);
int __wrap_gpiod_line_settings_set_bias(struct gpiod_line_settings *,
					enum gpiod_line_bias);
int __wrap_gpiod_line_settings_set_event_clock(struct gpiod_line_settings *,
					       enum gpiod_line_clock);
void __wrap_gpiod_line_settings_set_active_low(struct gpiod_line_settings *,
					       bool);
void __wrap_gpiod_line_settings_set_debounce_period_us(
	struct gpiod_line_settings *, unsigned long);
int __wrap_gpiod_line_settings_set_output_value(struct gpiod_line_settings *,
						enum gpiod_line_value);
struct gpiod_line_config *__wrap_gpiod_line_config_new(void);
void __wrap_gpiod_line_config_free(struct gpiod_line_config *);
int __wrap_gpiod_line_config_add_line_settings(struct gpiod_line_config *,
					       const unsigned int *, size_t,
					       struct gpiod_line_settings *);
struct gpiod_request_config *__wrap_gpiod_request_config_new(void);
void __wrap_gpiod_request_config_free(struct gpiod_request_config *);
void __wrap_gpiod_request_config_set_consumer(struct gpiod_request_config *,
					      const char *);
struct gpiod_line_request *
__wrap_gpiod_chip_request_lines(struct gpiod_chip *,
				struct gpiod_request_config *,
				struct gpiod_line_config *);
int __wrap_gpiod_line_request_get_fd(struct gpiod_line_request *);
int __wrap_gpiod_line_request_read_edge_events(
	struct gpiod_line_request *, struct gpiod_edge_event_buffer *, size_t);
int __wrap_gpiod_line_request_set_value(struct gpiod_line_request *,
					unsigned int, enum gpiod_line_value);
void __wrap_gpiod_line_request_release(struct gpiod_line_request *);
enum gpiod_line_value
__wrap_gpiod_line_request_get_value(struct gpiod_line_request *, unsigned int);
struct gpiod_edge_event_buffer *__wrap_gpiod_edge_event_buffer_new(size_t);
void __wrap_gpiod_edge_event_buffer_free(struct gpiod_edge_event_buffer *);
struct gpiod_edge_event *
__wrap_gpiod_edge_event_buffer_get_event(struct gpiod_edge_event_buffer *,
					 unsigned long);
enum gpiod_edge_event_type
__wrap_gpiod_edge_event_get_event_type(struct gpiod_edge_event *);
uint64_t __wrap_gpiod_edge_event_get_timestamp_ns(struct gpiod_edge_event *);
unsigned int __wrap_gpiod_edge_event_get_line_offset(struct gpiod_edge_event *);

bool __wrap_gpiod_is_gpiochip_device(const char *path)
{
	return chip_at(path) != NULL;
}

struct gpiod_chip *__wrap_gpiod_chip_open(const char *path)
{
	struct fake_chip *dev = chip_at(path);
	struct gpiod_chip *chip;

	if (dev == NULL) {
		errno = ENOENT;
		return NULL;
	}
	if (dev->open_errno != 0) {
		errno = dev->open_errno;
		return NULL;
	}
	chip = calloc(1, sizeof(*chip));
	assert_non_null(chip);
	chip->dev = dev;
	dev->opened++;
	world.chips++;
	return chip;
}

void __wrap_gpiod_chip_close(struct gpiod_chip *chip)
{
	if (chip == NULL)
		return;
	assert_true(chip->dev->opened > 0);
	chip->dev->opened--;
	world.chips--;
	free(chip);
}

int __wrap_gpiod_chip_get_line_offset_from_name(struct gpiod_chip *chip,
						const char *name)
{
	struct fake_chip *dev = chip->dev;

	if (!dev->plugged) {
		errno = ENODEV;
		return -1;
	}
	for (int l = 0; l < dev->nlines; l++)
		if (strcmp(dev->line[l].name, name) == 0)
			return l;
	errno = ENOENT;
	return -1;
}

struct gpiod_line_info *__wrap_gpiod_chip_get_line_info(struct gpiod_chip *chip,
							unsigned int offset)
{
	struct gpiod_line_info *info;
	struct fake_line *line;

	if (offset >= (unsigned)chip->dev->nlines) {
		errno = EINVAL;
		return NULL;
	}
	line = &chip->dev->line[offset];
	info = calloc(1, sizeof(*info));
	assert_non_null(info);
	info->used = line->busy || line->req != NULL;
	snprintf(info->consumer, sizeof(info->consumer), "%s",
		 line->busy ? line->busy_by : line->consumer);
	world.infos++;
	return info;
}

bool __wrap_gpiod_line_info_is_used(struct gpiod_line_info *info)
{
	return info->used;
}

const char *__wrap_gpiod_line_info_get_consumer(struct gpiod_line_info *info)
{
	return info->consumer[0] != '\0' ? info->consumer : NULL;
}

void __wrap_gpiod_line_info_free(struct gpiod_line_info *info)
{
	if (info == NULL)
		return;
	world.infos--;
	free(info);
}

/* libgpiod's defaults for a new settings object. */
static void settings_default(struct gpiod_line_settings *s)
{
	s->direction = GPIOD_LINE_DIRECTION_AS_IS;
	s->edge = GPIOD_LINE_EDGE_NONE;
	s->bias = GPIOD_LINE_BIAS_AS_IS;
	s->drive = GPIOD_LINE_DRIVE_PUSH_PULL;
	s->clock = GPIOD_LINE_CLOCK_MONOTONIC;
	s->active_low = false;
	s->debounce_us = 0;
	s->output = GPIOD_LINE_VALUE_INACTIVE;
}

struct gpiod_line_settings *__wrap_gpiod_line_settings_new(void)
{
	struct gpiod_line_settings *s = malloc(sizeof(*s));

	assert_non_null(s);
	settings_default(s);
	world.settings++;
	return s;
}

void __wrap_gpiod_line_settings_free(struct gpiod_line_settings *s)
{
	if (s == NULL)
		return;
	world.settings--;
	free(s);
}

void __wrap_gpiod_line_settings_reset(struct gpiod_line_settings *s)
{
	settings_default(s);
}

/* Like libgpiod: a value out of range is refused with EINVAL. */
int __wrap_gpiod_line_settings_set_direction(struct gpiod_line_settings *s,
					     enum gpiod_line_direction d)
{
	if (d != GPIOD_LINE_DIRECTION_AS_IS && d != GPIOD_LINE_DIRECTION_INPUT &&
	    d != GPIOD_LINE_DIRECTION_OUTPUT) {
		errno = EINVAL;
		return -1;
	}
	s->direction = d;
	return 0;
}

int __wrap_gpiod_line_settings_set_edge_detection(struct gpiod_line_settings *s,
						  enum gpiod_line_edge edge)
{
	if (edge < GPIOD_LINE_EDGE_NONE || edge > GPIOD_LINE_EDGE_BOTH) {
		errno = EINVAL;
		return -1;
	}
	s->edge = edge;
	return 0;
}

int __wrap_gpiod_line_settings_set_bias(struct gpiod_line_settings *s,
					enum gpiod_line_bias bias)
{
	if (bias != GPIOD_LINE_BIAS_AS_IS && bias != GPIOD_LINE_BIAS_DISABLED &&
	    bias != GPIOD_LINE_BIAS_PULL_UP &&
	    bias != GPIOD_LINE_BIAS_PULL_DOWN) {
		errno = EINVAL;
		return -1;
	}
	s->bias = bias;
	return 0;
}

int __wrap_gpiod_line_settings_set_event_clock(struct gpiod_line_settings *s,
					       enum gpiod_line_clock clock)
{
	if (clock < GPIOD_LINE_CLOCK_MONOTONIC || clock > GPIOD_LINE_CLOCK_HTE) {
		errno = EINVAL;
		return -1;
	}
	s->clock = clock;
	return 0;
}

void __wrap_gpiod_line_settings_set_active_low(struct gpiod_line_settings *s,
					       bool active_low)
{
	s->active_low = active_low;
}

void __wrap_gpiod_line_settings_set_debounce_period_us(
	struct gpiod_line_settings *s, unsigned long period)
{
	s->debounce_us = period;
}

int __wrap_gpiod_line_settings_set_output_value(struct gpiod_line_settings *s,
						enum gpiod_line_value value)
{
	if (value != GPIOD_LINE_VALUE_ACTIVE &&
	    value != GPIOD_LINE_VALUE_INACTIVE) {
		errno = EINVAL;
		return -1;
	}
	s->output = value;
	return 0;
}

struct gpiod_line_config *__wrap_gpiod_line_config_new(void)
{
	struct gpiod_line_config *lc = calloc(1, sizeof(*lc));

	assert_non_null(lc);
	world.line_configs++;
	return lc;
}

void __wrap_gpiod_line_config_free(struct gpiod_line_config *lc)
{
	if (lc == NULL)
		return;
	world.line_configs--;
	free(lc);
}

/* Copies the settings, like libgpiod: the caller may reuse its object. */
int __wrap_gpiod_line_config_add_line_settings(struct gpiod_line_config *lc,
					       const unsigned int *offsets,
					       size_t num,
					       struct gpiod_line_settings *s)
{
	if (lc->n + num > FAKE_REQUEST_LINES) {
		errno = E2BIG;
		return -1;
	}
	for (size_t k = 0; k < num; k++) {
		size_t at = 0;

		while (at < lc->n && lc->offset[at] != offsets[k])
			at++;
		if (at == lc->n)
			lc->n++;
		lc->offset[at] = offsets[k];
		lc->set[at] = *s;
	}
	return 0;
}

struct gpiod_request_config *__wrap_gpiod_request_config_new(void)
{
	struct gpiod_request_config *rc = calloc(1, sizeof(*rc));

	assert_non_null(rc);
	world.request_configs++;
	return rc;
}

void __wrap_gpiod_request_config_free(struct gpiod_request_config *rc)
{
	if (rc == NULL)
		return;
	world.request_configs--;
	free(rc);
}

void __wrap_gpiod_request_config_set_consumer(struct gpiod_request_config *rc,
					      const char *consumer)
{
	snprintf(rc->consumer, sizeof(rc->consumer), "%s", consumer);
}

/* All the lines or none, like the kernel's GPIO_V2_GET_LINE_IOCTL. */
struct gpiod_line_request *
__wrap_gpiod_chip_request_lines(struct gpiod_chip *chip,
				struct gpiod_request_config *rc,
				struct gpiod_line_config *lc)
{
	struct fake_chip *dev = chip->dev;
	struct gpiod_line_request *req;

	assert_non_null(lc);
	if (!dev->plugged) {
		errno = ENODEV;
		return NULL;
	}
	if (lc->n == 0) {
		errno = EINVAL;
		return NULL;
	}
	if (world.request_errno != 0) {
		errno = world.request_errno;
		return NULL;
	}
	for (size_t k = 0; k < lc->n; k++) {
		struct fake_line *line;

		if (lc->offset[k] >= (unsigned)dev->nlines) {
			errno = EINVAL;
			return NULL;
		}
		line = &dev->line[lc->offset[k]];
		if (line->busy || line->req != NULL) {
			errno = EBUSY;
			return NULL;
		}
	}
	req = calloc(1, sizeof(*req));
	assert_non_null(req);
	assert_int_equal(pipe(req->fds), 0);
	req->dev = dev;
	req->n = lc->n;
	for (size_t k = 0; k < lc->n; k++) {
		struct fake_line *line = &dev->line[lc->offset[k]];

		req->offset[k] = lc->offset[k];
		line->req = req;
		line->set = lc->set[k];
		snprintf(line->consumer, sizeof(line->consumer), "%s",
			 rc != NULL ? rc->consumer : "?");
		line->value = lc->set[k].direction ==
					      GPIOD_LINE_DIRECTION_OUTPUT &&
			      lc->set[k].output == GPIOD_LINE_VALUE_ACTIVE;
	}
	world.requests++;
	return req;
}

int __wrap_gpiod_line_request_get_fd(struct gpiod_line_request *req)
{
	return req->fds[0];
}

int __wrap_gpiod_line_request_read_edge_events(
	struct gpiod_line_request *req, struct gpiod_edge_event_buffer *buf,
	size_t max_events)
{
	size_t n;

	assert_non_null(buf);
	/* "sized to hold at least max_events" */
	assert_true(max_events <= buf->capacity);
	world.last_max_events = max_events;
	/* libgpiod's read blocks on an empty queue unless the fd won't. */
	assert_true(fcntl(req->fds[0], F_GETFL) & O_NONBLOCK);
	buf->n = 0;
	if (!req->dev->plugged) {
		errno = ENODEV;
		return -1;
	}
	if (req->nev == 0) {
		errno = EAGAIN;
		return -1;
	}
	n = (size_t)req->nev < max_events ? (size_t)req->nev : max_events;
	memcpy(buf->ev, req->ev, n * sizeof(*buf->ev));
	buf->n = n;
	memmove(req->ev, req->ev + n,
		((size_t)req->nev - n) * sizeof(*req->ev));
	req->nev -= (int)n;
	return (int)n;
}

int __wrap_gpiod_line_request_set_value(struct gpiod_line_request *req,
					unsigned int offset,
					enum gpiod_line_value value)
{
	struct fake_line *line = NULL;

	for (size_t k = 0; k < req->n; k++)
		if (req->offset[k] == offset)
			line = &req->dev->line[offset];
	if (line == NULL || (value != GPIOD_LINE_VALUE_ACTIVE &&
			     value != GPIOD_LINE_VALUE_INACTIVE)) {
		errno = EINVAL;
		return -1;
	}
	assert_int_equal(line->set.direction, GPIOD_LINE_DIRECTION_OUTPUT);
	if (!req->dev->plugged) {
		errno = ENODEV;
		return -1;
	}
	line->value = value == GPIOD_LINE_VALUE_ACTIVE;
	if (line->writes < FAKE_WRITES) {
		line->write_value[line->writes] = line->value;
		line->write_at[line->writes] = world.now;
	}
	line->writes++;
	return 0;
}

/* An input's level as the test set it in `value`. */
enum gpiod_line_value
__wrap_gpiod_line_request_get_value(struct gpiod_line_request *req,
				    unsigned int offset)
{
	struct fake_line *line = NULL;

	for (size_t k = 0; k < req->n; k++)
		if (req->offset[k] == offset)
			line = &req->dev->line[offset];
	if (line == NULL) {
		errno = EINVAL;
		return GPIOD_LINE_VALUE_ERROR;
	}
	if (!req->dev->plugged) {
		errno = ENODEV;
		return GPIOD_LINE_VALUE_ERROR;
	}
	return line->value ? GPIOD_LINE_VALUE_ACTIVE :
	       GPIOD_LINE_VALUE_INACTIVE;
}

void __wrap_gpiod_line_request_release(struct gpiod_line_request *req)
{
	if (req == NULL)
		return;
	for (size_t k = 0; k < req->n; k++)
		req->dev->line[req->offset[k]].req = NULL;
	close(req->fds[0]);
	close(req->fds[1]);
	world.requests--;
	free(req);
}

struct gpiod_edge_event_buffer *__wrap_gpiod_edge_event_buffer_new(size_t cap)
{
	struct gpiod_edge_event_buffer *buf = calloc(1, sizeof(*buf));

	assert_non_null(buf);
	if (cap == 0)
		cap = 64;
	if (cap > FAKE_EVENT_BUFFER_MAX)
		cap = FAKE_EVENT_BUFFER_MAX;
	buf->capacity = cap;
	buf->ev = calloc(cap, sizeof(*buf->ev));
	assert_non_null(buf->ev);
	world.buffers++;
	return buf;
}

void __wrap_gpiod_edge_event_buffer_free(struct gpiod_edge_event_buffer *buf)
{
	if (buf == NULL)
		return;
	world.buffers--;
	free(buf->ev);
	free(buf);
}

struct gpiod_edge_event *
__wrap_gpiod_edge_event_buffer_get_event(struct gpiod_edge_event_buffer *buf,
					 unsigned long index)
{
	if (index >= buf->n) {
		errno = EINVAL;
		return NULL;
	}
	return &buf->ev[index];
}

enum gpiod_edge_event_type
__wrap_gpiod_edge_event_get_event_type(struct gpiod_edge_event *ev)
{
	return ev->type;
}

uint64_t __wrap_gpiod_edge_event_get_timestamp_ns(struct gpiod_edge_event *ev)
{
	return ev->ts_ns;
}

unsigned int __wrap_gpiod_edge_event_get_line_offset(struct gpiod_edge_event *ev)
{
	return ev->offset;
}
