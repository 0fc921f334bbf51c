#include <zlib.h>

// deflateInit2 and inflateInit2 are macros, which Swift does not import.

/// A gzip stream (window 15, gzip wrapper) at `level`.
static inline int vitrine_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// Reads gzip or zlib streams.
static inline int vitrine_inflate_init_auto(z_streamp stream) {
    return inflateInit2(stream, 15 + 32);
}
