/*
 * calib.c - a table's calibration: reading and writing its file, the
 * places found in a photo of the empty board, the overlay.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <leptonica/allheaders.h>

#include "camera/calib.h"

int cam_calib_shrink_for(int w)
{
	int s = 1;

	while (s < 8 && w / s > 800)
		s *= 2;
	return s;
}

double cam_place_distance(const struct cam_place *p, double x, double y)
{
	double u = fabs(x - p->x) / p->rx, v = fabs(y - p->y) / p->ry;

	if (!p->store)
		return sqrt(u * u + v * v);
	return sqrt(sqrt(u * u * u * u + v * v * v * v));
}

int cam_calib_place(const struct cam_calib *c, const char *name)
{
	for (int i = 0; i < c->nplaces; i++)
		if (strcmp(c->place[i].name, name) == 0)
			return i;
	return -1;
}

/* ------------------------------------------------------------ glare */

struct tone {
	double grey, sat;		/* mean of the channels, (max-min)/max */
};

static struct tone tone_of(const unsigned char *p)
{
	int mx = p[0] > p[1] ? p[0] : p[1], mn = p[0] < p[1] ? p[0] : p[1];

	mx = p[2] > mx ? p[2] : mx;
	mn = p[2] < mn ? p[2] : mn;
	return (struct tone){ (p[0] + p[1] + p[2]) / 3.0,
			      mx > 0 ? (double)(mx - mn) / mx : 0 };
}

static int by_value(const void *a, const void *b)
{
	double d = *(const double *)a - *(const double *)b;

	return (d > 0) - (d < 0);
}

/* Calls `fn` on each pixel of place i's floor in the empty board. */
static void floor_pixels(const struct cam_calib *c, int i,
			 void (*fn)(const unsigned char *, void *), void *arg)
{
	const struct cam_place *p = &c->place[i];
	double s = c->shrink;
	int x0 = (int)((p->x - p->rx) / s), x1 = (int)((p->x + p->rx) / s) + 1;
	int y0 = (int)((p->y - p->ry) / s), y1 = (int)((p->y + p->ry) / s) + 1;

	for (int y = y0 < 0 ? 0 : y0; y < y1 && y < c->empty.h; y++)
		for (int x = x0 < 0 ? 0 : x0; x < x1 && x < c->empty.w; x++)
			if (cam_place_distance(p, (x + 0.5) * s,
					       (y + 0.5) * s) <= 0.9)
				fn(cam_px(&c->empty, x, y), arg);
}

struct tally {
	struct tone ref;		/* the pits' floors as a rule */
	double n, sum_grey, sum_sat, washed, touched;
};

static void add_tone(const unsigned char *p, void *arg)
{
	struct tally *t = arg;
	struct tone o = tone_of(p);

	t->n++;
	t->sum_grey += o.grey;
	t->sum_sat += o.sat;
}

static void add_washed(const unsigned char *p, void *arg)
{
	struct tally *t = arg;
	struct tone o = tone_of(p);
	int mn = p[0] < p[1] ? p[0] : p[1];

	mn = p[2] < mn ? p[2] : mn;
	t->n++;
	if (mn >= 235 || (o.grey > 1.35 * t->ref.grey &&
			  t->ref.sat > 0.1 && o.sat < 0.6 * t->ref.sat))
		t->washed++;
	if (mn >= 200 || (o.grey > 1.15 * t->ref.grey &&
			  t->ref.sat > 0.1 && o.sat < 0.85 * t->ref.sat))
		t->touched++;
}

/* The pits' floors as a rule: the median tone of their means. */
static int floor_rule(const struct cam_calib *c, struct tone *ref)
{
	double grey[CAM_PLACES_MAX], sat[CAM_PLACES_MAX];
	struct tally t;
	int n = 0;

	for (int i = 0; i < c->nplaces; i++) {
		if (c->place[i].store || c->empty.rgb == NULL)
			continue;
		t = (struct tally){ .n = 0 };
		floor_pixels(c, i, add_tone, &t);
		if (t.n > 0) {
			grey[n] = t.sum_grey / t.n;
			sat[n++] = t.sum_sat / t.n;
		}
	}
	if (n == 0)
		return -1;
	qsort(grey, (size_t)n, sizeof(*grey), by_value);
	qsort(sat, (size_t)n, sizeof(*sat), by_value);
	*ref = (struct tone){ grey[n / 2], sat[n / 2] };
	return 0;
}

void cam_calib_washed(const struct cam_calib *c, double *washed,
		      double *touched)
{
	struct tally t;
	struct tone ref;

	for (int i = 0; i < c->nplaces; i++) {
		washed[i] = 0;
		if (touched != NULL)
			touched[i] = 0;
	}
	if (floor_rule(c, &ref) < 0)
		return;
	for (int i = 0; i < c->nplaces; i++) {
		t = (struct tally){ .ref = ref };
		floor_pixels(c, i, add_washed, &t);
		washed[i] = t.n > 0 ? t.washed / t.n : 0;
		if (touched != NULL)
			touched[i] = t.n > 0 ? t.touched / t.n : 0;
	}
}

void cam_calib_glare(const struct cam_calib *c, unsigned char *map)
{
	struct tone ref;
	double s = c->shrink;

	memset(map, 0, (size_t)c->empty.w * (size_t)c->empty.h);
	if (floor_rule(c, &ref) < 0)
		return;
	for (int i = 0; i < c->nplaces; i++) {
		const struct cam_place *p = &c->place[i];
		int x0 = (int)((p->x - p->rx) / s), x1 = (int)((p->x + p->rx) / s) + 1;
		int y0 = (int)((p->y - p->ry) / s), y1 = (int)((p->y + p->ry) / s) + 1;

		for (int y = y0 < 0 ? 0 : y0; y < y1 && y < c->empty.h; y++)
			for (int x = x0 < 0 ? 0 : x0; x < x1 && x < c->empty.w; x++) {
				struct tally t = { .ref = ref };

				if (cam_place_distance(p, (x + 0.5) * s,
						       (y + 0.5) * s) > 1.0)
					continue;
				add_washed(cam_px(&c->empty, x, y), &t);
				map[y * c->empty.w + x] = t.washed > 0 ? 2 :
							  t.touched > 0;
			}
	}
}

void cam_calib_free(struct cam_calib *c)
{
	cam_image_free(&c->empty);
}

/* ------------------------------------------------------------ file */

static int read_place(struct cam_calib *c, const char *args, char *why,
		      size_t len)
{
	struct cam_place p = { .rx = 0 };
	char name[32], kind[16];
	int n = sscanf(args, "%31s %15s %lf %lf %lf %lf", name, kind, &p.x,
		       &p.y, &p.rx, &p.ry);
	int at;

	if (n == 5)
		p.ry = p.rx;
	if (n < 5 || strlen(name) >= CAM_NAME_MAX || p.rx <= 0 || p.ry <= 0) {
		snprintf(why, len, "expected: place NAME pit|store X Y RX [RY]");
		return -1;
	}
	if (strcmp(kind, "pit") != 0 && strcmp(kind, "store") != 0) {
		snprintf(why, len, "'%s' is neither pit nor store", kind);
		return -1;
	}
	p.store = kind[0] == 's';
	strcpy(p.name, name);
	at = cam_calib_place(c, name);
	if (at < 0) {
		if (c->nplaces >= CAM_PLACES_MAX) {
			snprintf(why, len, "more than %d places", CAM_PLACES_MAX);
			return -1;
		}
		at = c->nplaces++;
	}
	c->place[at] = p;
	return 0;
}

static int read_line(struct cam_calib *c, char *line, char *why, size_t len)
{
	char *args;

	line[strcspn(line, "\r\n#")] = '\0';
	while (isspace((unsigned char)*line))
		line++;
	if (*line == '\0')
		return 0;
	args = line + strcspn(line, " \t");
	if (*args != '\0')
		*args++ = '\0';
	while (isspace((unsigned char)*args))
		args++;
	if (strcmp(line, "place") == 0)
		return read_place(c, args, why, len);
	if (strcmp(line, "size") == 0) {
		if (sscanf(args, "%d %d", &c->w, &c->h) != 2 || c->w < 16 ||
		    c->h < 16 || c->w > 16384 || c->h > 16384) {
			snprintf(why, len, "expected: size WIDTH HEIGHT");
			return -1;
		}
		return 0;
	}
	if (strcmp(line, "seed-area") == 0) {
		if (sscanf(args, "%lf", &c->seed_area) != 1 ||
		    c->seed_area < 0) {
			snprintf(why, len, "expected: seed-area PIXELS");
			return -1;
		}
		return 0;
	}
	if (strcmp(line, "empty") == 0) {
		args[strcspn(args, " \t")] = '\0';
		if (strlen(args) >= sizeof(c->empty_path)) {
			snprintf(why, len, "path too long");
			return -1;
		}
		strcpy(c->empty_path, args);
		return 0;
	}
	snprintf(why, len, "unknown word '%.40s'", line);
	return -1;
}

int cam_calib_read(struct cam_calib *c, const char *path, char *err,
		   size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[1024], why[200];
	unsigned n = 0;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		n++;
		if (read_line(c, line, why, sizeof(why)) < 0) {
			snprintf(err, errlen, "%s:%u: %s", path, n, why);
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

int cam_calib_set_empty(struct cam_calib *c, const struct cam_image *img,
			const char *photo, char *err, size_t errlen)
{
	struct cam_image small;
	int s = cam_calib_shrink_for(img->w);

	if (strlen(photo) >= sizeof(c->empty_path)) {
		snprintf(err, errlen, "%s: path too long", photo);
		return -1;
	}
	if (cam_image_alloc(&small, img->w / s, img->h / s) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int y = 0; y < small.h; y++)
		for (int x = 0; x < small.w; x++) {
			unsigned sum[3] = { 0, 0, 0 };

			for (int v = 0; v < s; v++)
				for (int u = 0; u < s; u++)
					for (int k = 0; k < 3; k++)
						sum[k] += cam_px(img, x * s + u,
							y * s + v)[k];
			for (int k = 0; k < 3; k++)
				cam_px(&small, x, y)[k] =
					(unsigned char)(sum[k] / (unsigned)(s * s));
		}
	cam_image_free(&c->empty);
	c->empty = small;
	c->shrink = s;
	c->w = img->w;
	c->h = img->h;
	strcpy(c->empty_path, photo);
	return 0;
}

/* The photo's path: as written, or beside the calibration file. */
static void photo_path(const char *calib, const char *photo, char *out,
		       size_t len)
{
	const char *slash = strrchr(calib, '/');

	if (photo[0] == '/' || slash == NULL)
		snprintf(out, len, "%s", photo);
	else
		snprintf(out, len, "%.*s/%s", (int)(slash - calib), calib,
			 photo);
}

int cam_calib_load(struct cam_calib *c, const char *path, char *err,
		   size_t errlen)
{
	char photo[2 * CAM_PATH_MAX], keep[CAM_PATH_MAX];
	struct cam_image img;

	memset(c, 0, sizeof(*c));
	if (cam_calib_read(c, path, err, errlen) < 0)
		return -1;
	if (c->nplaces == 0 || c->empty_path[0] == '\0' || c->w == 0) {
		snprintf(err, errlen, "%s: a calibration needs size, empty "
			 "and place lines (made by pitboss camera calibrate)",
			 path);
		return -1;
	}
	photo_path(path, c->empty_path, photo, sizeof(photo));
	if (cam_image_load(photo, 1, &img, err, errlen) < 0)
		return -1;
	if (img.w != c->w || img.h != c->h) {
		snprintf(err, errlen, "%s: the empty board's photo is %dx%d, "
			 "the calibration %dx%d", photo, img.w, img.h, c->w,
			 c->h);
		cam_image_free(&img);
		return -1;
	}
	snprintf(keep, sizeof(keep), "%s", c->empty_path);
	if (cam_calib_set_empty(c, &img, keep, err, errlen) < 0) {
		cam_image_free(&img);
		return -1;
	}
	cam_image_free(&img);
	return 0;
}

int cam_calib_save(const struct cam_calib *c, const char *path, char *err,
		   size_t errlen)
{
	FILE *f = fopen(path, "w");
	int bad;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(f, "# pitboss camera calibration (pitboss-camera(7))\n"
		"size %d %d\nempty %s\n", c->w, c->h, c->empty_path);
	for (int i = 0; i < c->nplaces; i++) {
		const struct cam_place *p = &c->place[i];

		fprintf(f, "place %s %s %.1f %.1f %.1f %.1f\n", p->name,
			p->store ? "store" : "pit", p->x, p->y, p->rx, p->ry);
	}
	if (c->seed_area > 0)
		fprintf(f, "seed-area %.0f\n", c->seed_area);
	bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		snprintf(err, errlen, "%s: cannot write", path);
		return -1;
	}
	return 0;
}
