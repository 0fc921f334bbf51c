#ifndef VITRINE_CLIBXML2_SHIM_H
#define VITRINE_CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU, and its headers then include the system ICU headers,
   which clash with the copy Foundation carries. Vitrine never touches the ICU fields. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlsave.h>

/* xmlFree is a C global function pointer that Swift 6 rejects as not concurrency-safe. */
static inline void vitrine_xml_free(void *pointer) { xmlFree(pointer); }
#endif
