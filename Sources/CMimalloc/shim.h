/* Linking libmimalloc is what replaces malloc and free for the whole process (the Swift runtime,
   Foundation, cmark-gfm, libxml2 and libvips included): the library exports them, and the
   executable's own libraries come before libc in the dynamic linker's lookup order. */
#include <mimalloc.h>
