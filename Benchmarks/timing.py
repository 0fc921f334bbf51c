"""What the benchmark scripts share: running a command under GNU time."""
import subprocess
import tempfile


def timed(command, cwd=None):
    """Runs a command under GNU time; returns (wall seconds, peak RSS in MiB, processor seconds)."""
    with tempfile.NamedTemporaryFile("r") as report:
        subprocess.run(["/usr/bin/time", "-f", "%e %M %U %S", "-o", report.name] + command, cwd=cwd, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall, kib, user, system = report.read().split()
        return float(wall), int(kib) / 1024, float(user) + float(system)
