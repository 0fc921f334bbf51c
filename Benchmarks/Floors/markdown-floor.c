/*
 * What cmark-gfm alone costs to read a catalog's Markdown: every file of the content folder's
 * products/, brands/ and promotions/ read whole, its front matter skipped, its body parsed with
 * the extensions Vitrine attaches and rendered to HTML, on two threads, with nothing else done.
 * No Swift build can load the same catalog in less time on the same machine.
 *
 *   cc -O2 -pthread -o /tmp/markdown-floor Benchmarks/Floors/markdown-floor.c \
 *       $(pkg-config --cflags --libs libcmark-gfm) -lcmark-gfm-extensions
 *   /usr/bin/time -f "%e s wall, %U s user, %S s system" /tmp/markdown-floor /dev/shm/c100k
 *
 * PLAINTEXT=1 also renders cmark's own plain text (Vitrine walks the tree instead).
 */
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

enum { threads = 2 };
static const char *extensions[] = {"table", "strikethrough", "autolink", "tasklist"};
static char **files;
static size_t fileCount, fileCapacity;
static int plainText;
static long outputBytes;

static void add(const char *folder, const char *name) {
    if (fileCount == fileCapacity) {
        fileCapacity = fileCapacity ? 2 * fileCapacity : 4096;
        files = realloc(files, fileCapacity * sizeof *files);
    }
    size_t length = strlen(folder) + strlen(name) + 2;
    files[fileCount] = malloc(length);
    snprintf(files[fileCount++], length, "%s/%s", folder, name);
}

static void *work(void *argument) {
    long first = (long)argument, bytes = 0;
    size_t capacity = 1 << 16;
    char *buffer = malloc(capacity);
    int options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_GITHUB_PRE_LANG;
    for (size_t index = first; index < fileCount; index += threads) {
        int descriptor = open(files[index], O_RDONLY | O_CLOEXEC);
        struct stat info;
        if (descriptor < 0 || fstat(descriptor, &info) != 0) { perror(files[index]); exit(1); }
        if ((size_t)info.st_size + 1 > capacity) { capacity = info.st_size + 1; buffer = realloc(buffer, capacity); }
        ssize_t length = read(descriptor, buffer, info.st_size);
        close(descriptor);
        if (length < 0) { perror(files[index]); exit(1); }
        buffer[length] = 0;
        const char *body = buffer;
        if (strncmp(buffer, "---\n", 4) == 0) {
            const char *end = strstr(buffer + 4, "\n---\n");
            if (end) body = end + 5;
        }
        cmark_parser *parser = cmark_parser_new(options);
        for (int k = 0; k < 4; k++) {
            cmark_syntax_extension *extension = cmark_find_syntax_extension(extensions[k]);
            if (extension) cmark_parser_attach_syntax_extension(parser, extension);
        }
        cmark_parser_feed(parser, body, strlen(body));
        cmark_node *document = cmark_parser_finish(parser);
        char *html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser));
        bytes += strlen(html);
        free(html);
        if (plainText) {
            char *text = cmark_render_plaintext(document, options | CMARK_OPT_NOBREAKS, 0);
            bytes += strlen(text);
            free(text);
        }
        cmark_node_free(document);
        cmark_parser_free(parser);
    }
    free(buffer);
    __sync_fetch_and_add(&outputBytes, bytes);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: markdown-floor CONTENT-FOLDER\n"); return 2; }
    plainText = getenv("PLAINTEXT") != NULL;
    cmark_gfm_core_extensions_ensure_registered();
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    const char *kinds[] = {"products", "brands", "promotions"};
    for (int k = 0; k < 3; k++) {
        char folder[4096];
        snprintf(folder, sizeof folder, "%s/%s", argv[1], kinds[k]);
        DIR *directory = opendir(folder);
        if (!directory) continue;
        for (struct dirent *entry; (entry = readdir(directory));) {
            if (entry->d_name[0] != '.') add(folder, entry->d_name);
        }
        closedir(directory);
    }
    pthread_t workers[threads];
    for (long t = 0; t < threads; t++) pthread_create(&workers[t], NULL, work, (void *)t);
    for (int t = 0; t < threads; t++) pthread_join(workers[t], NULL);
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%zu files, %ld bytes of output, %.3f s\n", fileCount, outputBytes,
           (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
    return 0;
}
