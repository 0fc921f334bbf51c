#ifndef VITRINE_CCMARKGFM_SHIM_H
#define VITRINE_CCMARKGFM_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <stdlib.h>

/* C globals that Swift 6 rejects as not concurrency-safe, read through functions. */
static inline cmark_node_type vitrine_cmark_node_heading(void) { return CMARK_NODE_HEADING; }
static inline void vitrine_cmark_free(void *pointer) { free(pointer); }
#endif
