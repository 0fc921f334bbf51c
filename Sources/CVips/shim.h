#ifndef VITRINE_CVIPS_SHIM_H
#define VITRINE_CVIPS_SHIM_H
/* libvips's operations take their optional arguments as a NULL-terminated C variadic list,
   which Swift cannot call; each wrapper below fixes the options Vitrine uses. */
#include <vips/vips.h>

static inline int vitrine_vips_init(void) { return vips_init("vitrine"); }

/* Header only: the pixels are read when an operation needs them. */
static inline VipsImage *vitrine_vips_open(const char *path) {
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

/* Shrink-on-load, EXIF orientation applied, an embedded profile converted to sRGB; never enlarges. */
static inline int vitrine_vips_thumbnail(const char *path, VipsImage **out, int width) {
    return vips_thumbnail(path, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
        "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}

static inline int vitrine_vips_thumbnail_image(VipsImage *in, VipsImage **out, int width) {
    return vips_thumbnail_image(in, out, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN, "no_rotate", TRUE, NULL);
}

static inline int vitrine_vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

static inline int vitrine_vips_icc_transform_srgb(VipsImage *in, VipsImage **out) {
    return vips_icc_transform(in, out, "srgb", "embedded", TRUE, "intent", VIPS_INTENT_PERCEPTUAL, NULL);
}

static inline int vitrine_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}

static inline int vitrine_vips_jpegsave(VipsImage *in, const char *path, int quality) {
    return vips_jpegsave(in, path, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, "interlace", TRUE, NULL);
}

static inline int vitrine_vips_pngsave(VipsImage *in, const char *path) {
    return vips_pngsave(in, path, "strip", TRUE, "compression", 6, NULL);
}

static inline int vitrine_vips_webpsave(VipsImage *in, const char *path, int quality, int effort) {
    return vips_webpsave(in, path, "Q", quality, "strip", TRUE, "effort", effort, NULL);
}

static inline int vitrine_vips_webpsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality, int effort) {
    return vips_webpsave_buffer(in, buffer, length, "Q", quality, "strip", TRUE, "effort", effort, NULL);
}

static inline int vitrine_vips_avifsave(VipsImage *in, const char *path, int quality, int effort) {
    return vips_heifsave(in, path, "Q", quality, "strip", TRUE, "effort", effort,
        "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, NULL);
}

static inline int vitrine_vips_avifsave_buffer(VipsImage *in, void **buffer, size_t *length) {
    return vips_heifsave_buffer(in, buffer, length, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, "effort", 0, NULL);
}

static inline int vitrine_vips_black(VipsImage **out, int width, int height, int bands) {
    return vips_black(out, width, height, "bands", bands, NULL);
}

/* For tests and sample pictures: metadata kept, so orientation and EXIF survive. */
static inline int vitrine_vips_copy_interpretation(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_copy(in, out, "interpretation", space, NULL);
}

static inline int vitrine_vips_jpegsave_keep(VipsImage *in, const char *path) {
    return vips_jpegsave(in, path, "Q", 90, NULL);
}

static inline int vitrine_vips_pngsave_keep(VipsImage *in, const char *path) {
    return vips_pngsave(in, path, NULL);
}

static inline int vitrine_vips_tiffsave(VipsImage *in, const char *path) {
    return vips_tiffsave(in, path, NULL);
}

static inline void vitrine_vips_unref(VipsImage *image) { g_object_unref(image); }
#endif
