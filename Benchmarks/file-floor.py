#!/usr/bin/env python3
"""What the kernel alone costs to write a built site, and to read its content.

Copies the shape of an output folder (every directory, every file at its size, filled with one
byte) into a scratch folder, and reads every file of a content folder, with nothing else done:
no rendering, no parsing. The system CPU time of that is the floor under any build of the same
site on the same machine and file system, however fast its own code becomes. Benchmark into
tmpfs, as the builds are.

    python3 Benchmarks/file-floor.py --output /dev/shm/o100k --content /dev/shm/c100k \\
        --scratch /dev/shm/floor --runs 3
"""
import argparse
import os
import resource
import shutil
import statistics
import time


def shape(folder):
    """Directories (parents first) and (path, size) of every file, relative to `folder`."""
    directories, files = [], []
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        relative = os.path.relpath(root, folder)
        if relative != ".":
            directories.append(relative)
        for name in sorted(names):
            path = os.path.join(root, name)
            files.append((os.path.join(relative, name), os.path.getsize(path)))
    return directories, files


def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


def write_once(scratch, directories, files, filler):
    shutil.rmtree(scratch, ignore_errors=True)
    os.mkdir(scratch)
    start, (user0, sys0) = time.perf_counter(), cpu()
    for directory in directories:
        os.mkdir(os.path.join(scratch, directory))
    for path, size in files:
        fd = os.open(os.path.join(scratch, path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.write(fd, filler[:size])
        os.close(fd)
    (user1, sys1) = cpu()
    return time.perf_counter() - start, user1 - user0, sys1 - sys0


def read_once(content, files):
    start, (user0, sys0) = time.perf_counter(), cpu()
    for path, size in files:
        fd = os.open(os.path.join(content, path), os.O_RDONLY)
        os.read(fd, size + 1)
        os.close(fd)
    (user1, sys1) = cpu()
    return time.perf_counter() - start, user1 - user0, sys1 - sys0


def report(label, count, runs):
    wall = statistics.median(r[0] for r in runs)
    user = statistics.median(r[1] for r in runs)
    system = statistics.median(r[2] for r in runs)
    print(f"{label}: {count:,} files, median of {len(runs)}: {wall:.2f} s wall, "
          f"{system:.2f} s kernel CPU ({system / count * 1e6:.1f} µs a file), {user:.2f} s in Python")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", required=True, help="a built site whose shape is written again")
    parser.add_argument("--content", help="a content folder to read every file of")
    parser.add_argument("--scratch", required=True, help="where the copy is written (removed after)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    directories, files = shape(args.output)
    largest = max((size for _, size in files), default=0)
    filler = b"x" * largest
    writes = [write_once(args.scratch, directories, files, filler) for _ in range(args.runs)]
    shutil.rmtree(args.scratch, ignore_errors=True)
    report(f"write {len(directories):,} folders and", len(files), writes)
    if args.content:
        _, content_files = shape(args.content)
        reads = [read_once(args.content, content_files) for _ in range(args.runs)]
        report("read", len(content_files), reads)


if __name__ == "__main__":
    main()
