#ifndef FUZZER_DRIVER_H
#define FUZZER_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the toolchain's `libclang_rt.fuzzer`, linked by `-sanitize=fuzzer`):
/// parses libFuzzer's flags from `argv` and runs `callback` on every input. SwiftPM names an
/// executable's entry point `<Target>_main` on Linux and points `main` at it, so libFuzzer's own
/// `main` is not the one that runs; each target's entry point calls this instead.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
