/*
 * What the kernel alone costs to write a built site on two threads: the shape of an output
 * folder (every folder, every file at its size, filled with one byte) written again into a
 * scratch folder with mkdir, open, pwrite and close, as Vitrine's writer does, and nothing else.
 * `Benchmarks/file-floor.py` measures the same on one thread; this is the two-core floor.
 *
 *   cc -O2 -pthread -o /tmp/write-floor Benchmarks/Floors/write-floor.c
 *   rm -rf /dev/shm/floor; /tmp/write-floor /dev/shm/o100k /dev/shm/floor
 *
 * The times printed are the writing's alone, not the walk of the built folder before it.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { threads = 2 };
typedef struct { char *path; long size; int depth; } Entry;
static Entry *folders, *files;
static size_t folderCount, fileCount, folderCapacity, fileCapacity, sourceLength;
static int scratch, currentDepth;
static char *filler;

static void add(Entry **list, size_t *count, size_t *capacity, const char *path, long size, int depth) {
    if (*count == *capacity) {
        *capacity = *capacity ? 2 * *capacity : 4096;
        *list = realloc(*list, *capacity * sizeof **list);
    }
    (*list)[(*count)++] = (Entry){strdup(path), size, depth};
}

static int visit(const char *path, const struct stat *info, int flag, struct FTW *where) {
    if (where->level == 0) return 0;
    const char *relative = path + sourceLength + 1;
    if (flag == FTW_D) add(&folders, &folderCount, &folderCapacity, relative, 0, where->level);
    else if (flag == FTW_F) add(&files, &fileCount, &fileCapacity, relative, info->st_size, where->level);
    return 0;
}

/* Folders one depth at a time, each depth split between the threads: a parent exists before its children. */
static void *makeFolders(void *argument) {
    long thread = (long)argument, seen = 0;
    for (size_t index = 0; index < folderCount; index++) {
        if (folders[index].depth != currentDepth) continue;
        if (seen++ % threads == thread && mkdirat(scratch, folders[index].path, 0755) != 0) { perror(folders[index].path); exit(1); }
    }
    return NULL;
}

static void *writeFiles(void *argument) {
    for (size_t index = (long)argument; index < fileCount; index += threads) {
        int descriptor = openat(scratch, files[index].path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (descriptor < 0) { perror(files[index].path); exit(1); }
        for (long done = 0; done < files[index].size;) {
            ssize_t wrote = pwrite(descriptor, filler, files[index].size - done, done);
            if (wrote <= 0) { perror(files[index].path); exit(1); }
            done += wrote;
        }
        close(descriptor);
    }
    return NULL;
}

static void run(void *(*work)(void *)) {
    pthread_t workers[threads];
    for (long t = 0; t < threads; t++) pthread_create(&workers[t], NULL, work, (void *)t);
    for (int t = 0; t < threads; t++) pthread_join(workers[t], NULL);
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: write-floor BUILT-OUTPUT-FOLDER SCRATCH-FOLDER (created; must not exist)\n"); return 2; }
    sourceLength = strlen(argv[1]);
    while (sourceLength > 1 && argv[1][sourceLength - 1] == '/') sourceLength--;
    if (nftw(argv[1], visit, 64, FTW_PHYS) != 0) { perror(argv[1]); return 1; }
    long largest = 1, deepest = 0;
    for (size_t i = 0; i < fileCount; i++) if (files[i].size > largest) largest = files[i].size;
    for (size_t i = 0; i < folderCount; i++) if (folders[i].depth > deepest) deepest = folders[i].depth;
    filler = malloc(largest);
    memset(filler, 'x', largest);
    if (mkdir(argv[2], 0755) != 0) { perror(argv[2]); return 1; }
    scratch = open(argv[2], O_RDONLY | O_DIRECTORY);
    struct timespec start, end;
    struct rusage before, after;
    getrusage(RUSAGE_SELF, &before);
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (currentDepth = 1; currentDepth <= deepest; currentDepth++) run(makeFolders);
    run(writeFiles);
    clock_gettime(CLOCK_MONOTONIC, &end);
    getrusage(RUSAGE_SELF, &after);
    double system = (after.ru_stime.tv_sec - before.ru_stime.tv_sec) + (after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6;
    double user = (after.ru_utime.tv_sec - before.ru_utime.tv_sec) + (after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6;
    printf("%zu folders, %zu files: %.2f s wall, %.2f s user, %.2f s system\n", folderCount, fileCount,
           (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9, user, system);
    return 0;
}
