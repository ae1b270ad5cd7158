/*
 * fuzz.h - the parsers' fuzz targets. Each target file defines
 * LLVMFuzzerTestOneInput() (libFuzzer's entry point) and its seeds;
 * driver.c runs a target without libFuzzer: on the files named, or on
 * inputs mutated from the seeds by a fixed random stream, so that
 * `make check` (under --enable-sanitizers too) gives every parser a few
 * thousand hostile inputs.
 */
#ifndef PITBOSS_FUZZ_H
#define PITBOSS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* NULL-terminated: inputs the mutations start from. */
extern const char *const fuzz_seeds[];

#endif
