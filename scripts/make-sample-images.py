#!/usr/bin/env python3
"""Write the sample shop's photos into Content/images/, as a shop uploads them: large.

Shapes are drawn with the standard library (a palette canvas, encoded as PNG with zlib), then
enlarged and encoded by libvips's `vips` command (Debian libvips-tools), because shops upload
camera-sized JPEGs and Vitrine's build makes the sizes pages need. The output is deterministic:
colours and shapes come from each record's slug and name, and neither PNG nor JPEG carries a
timestamp, so running the script twice gives byte-identical files.

    python3 scripts/make-sample-images.py [CONTENT_DIR]

For every record found in CONTENT_DIR (default: ../Content next to this script) it writes:

    images/brands/<slug>.png             800x400 logo, transparent background
    images/products/<slug>.jpg           2400x2400 product photo (no thumbnail: the build makes them)
    images/promotions/<slug>.jpg         2400x1200 banner
"""

import colorsys
import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zlib

# --------------------------------------------------------------------------
# PNG encoding


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


class Canvas:
    """A palette image: pixels are indices into a list of RGB colours."""

    def __init__(self, width, height, background):
        self.w = width
        self.h = height
        self.palette = []
        self.index = {}
        bg = self.colour(background)
        self.px = bytearray([bg]) * (width * height)

    def colour(self, rgb):
        rgb = tuple(max(0, min(255, int(round(c)))) for c in rgb)
        if rgb not in self.index:
            if len(self.palette) >= 256:
                raise ValueError("palette full")
            self.index[rgb] = len(self.palette)
            self.palette.append(rgb)
        return self.index[rgb]

    # -- primitives --------------------------------------------------------

    def hspan(self, y, x0, x1, c):
        """Fill pixels x0 <= x < x1 on row y."""
        if y < 0 or y >= self.h:
            return
        x0 = max(0, int(x0))
        x1 = min(self.w, int(x1))
        if x1 > x0:
            row = y * self.w
            self.px[row + x0:row + x1] = bytes([c]) * (x1 - x0)

    def rect(self, x0, y0, x1, y1, rgb):
        c = self.colour(rgb)
        for y in range(max(0, int(y0)), min(self.h, int(y1))):
            self.hspan(y, x0, x1, c)

    def rounded_rect(self, x0, y0, x1, y1, r, rgb):
        c = self.colour(rgb)
        r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
        for y in range(max(0, int(y0)), min(self.h, int(y1))):
            cy = y + 0.5
            inset = 0.0
            if cy < y0 + r:
                d = y0 + r - cy
                inset = r - (max(0.0, r * r - d * d)) ** 0.5
            elif cy > y1 - r:
                d = cy - (y1 - r)
                inset = r - (max(0.0, r * r - d * d)) ** 0.5
            self.hspan(y, round(x0 + inset), round(x1 - inset), c)

    def ellipse(self, cx, cy, rx, ry, rgb):
        c = self.colour(rgb)
        for y in range(max(0, int(cy - ry)), min(self.h, int(cy + ry) + 1)):
            dy = (y + 0.5 - cy) / ry
            if abs(dy) > 1:
                continue
            half = rx * (1 - dy * dy) ** 0.5
            self.hspan(y, round(cx - half), round(cx + half), c)

    def circle(self, cx, cy, r, rgb):
        self.ellipse(cx, cy, r, r, rgb)

    def polygon(self, points, rgb):
        """Even-odd scanline fill of a simple polygon."""
        c = self.colour(rgb)
        ys = [p[1] for p in points]
        n = len(points)
        for y in range(max(0, int(min(ys))), min(self.h, int(max(ys)) + 1)):
            sy = y + 0.5
            xs = []
            for i in range(n):
                (ax, ay), (bx, by) = points[i], points[(i + 1) % n]
                if (ay <= sy < by) or (by <= sy < ay):
                    xs.append(ax + (sy - ay) * (bx - ax) / (by - ay))
            xs.sort()
            for i in range(0, len(xs) - 1, 2):
                self.hspan(y, round(xs[i]), round(xs[i + 1]), c)

    def text(self, x, y, s, scale, rgb):
        c = self.colour(rgb)
        for ch in s:
            glyph = FONT.get(ch, FONT[" "])
            for gy, line in enumerate(glyph):
                for gx, bit in enumerate(line):
                    if bit == "#":
                        for yy in range(scale):
                            self.hspan(y + gy * scale + yy, x + gx * scale,
                                       x + (gx + 1) * scale, c)
            x += 6 * scale

    # -- output ------------------------------------------------------------

    def downsample(self, factor):
        out = Canvas.__new__(Canvas)
        out.w, out.h = self.w // factor, self.h // factor
        out.palette, out.index = list(self.palette), dict(self.index)
        out.px = bytearray(out.w * out.h)
        off = factor // 2
        for y in range(out.h):
            src = (y * factor + off) * self.w
            out.px[y * out.w:(y + 1) * out.w] = self.px[src + off:src + self.w:factor][:out.w]
        return out

    def png(self, transparent=None):
        """`transparent`: an RGB colour written fully transparent (a tRNS chunk)."""
        raw = bytearray()
        for y in range(self.h):
            raw.append(0)  # filter: none
            raw += self.px[y * self.w:(y + 1) * self.w]
        plte = b"".join(struct.pack("BBB", *c) for c in self.palette)
        trns = b""
        if transparent is not None and tuple(transparent) in self.index:
            alpha = bytearray([255]) * len(self.palette)
            alpha[self.index[tuple(transparent)]] = 0
            trns = _chunk(b"tRNS", bytes(alpha))
        return (b"\x89PNG\r\n\x1a\n"
                + _chunk(b"IHDR", struct.pack(">IIBBBBB", self.w, self.h, 8, 3, 0, 0, 0))
                + _chunk(b"PLTE", plte)
                + trns
                + _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
                + _chunk(b"IEND", b""))


def text_width(s, scale):
    return len(s) * 6 * scale - scale


# --------------------------------------------------------------------------
# A 5x7 bitmap font (upper case, digits and a few signs)

_GLYPHS = """
A .###. #...# #...# ##### #...# #...# #...#
B ####. #...# #...# ####. #...# #...# ####.
C .###. #...# #.... #.... #.... #...# .###.
D ####. #...# #...# #...# #...# #...# ####.
E ##### #.... #.... ####. #.... #.... #####
F ##### #.... #.... ####. #.... #.... #....
G .###. #...# #.... #.### #...# #...# .####
H #...# #...# #...# ##### #...# #...# #...#
I .###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.
J ..### ...#. ...#. ...#. ...#. #..#. .##..
K #...# #..#. #.#.. ##... #.#.. #..#. #...#
L #.... #.... #.... #.... #.... #.... #####
M #...# ##.## #.#.# #.#.# #...# #...# #...#
N #...# #...# ##..# #.#.# #..## #...# #...#
O .###. #...# #...# #...# #...# #...# .###.
P ####. #...# #...# ####. #.... #.... #....
Q .###. #...# #...# #...# #.#.# #..#. .##.#
R ####. #...# #...# ####. #.#.. #..#. #...#
S .#### #.... #.... .###. ....# ....# ####.
T ##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..
U #...# #...# #...# #...# #...# #...# .###.
V #...# #...# #...# #...# #...# .#.#. ..#..
W #...# #...# #...# #.#.# #.#.# #.#.# .#.#.
X #...# #...# .#.#. ..#.. .#.#. #...# #...#
Y #...# #...# .#.#. ..#.. ..#.. ..#.. ..#..
Z ##### ....# ...#. ..#.. .#... #.... #####
0 .###. #...# #..## #.#.# ##..# #...# .###.
1 ..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.
2 .###. #...# ....# ...#. ..#.. .#... #####
3 ##### ...#. ..#.. ...#. ....# #...# .###.
4 ...#. ..##. .#.#. #..#. ##### ...#. ...#.
5 ##### #.... ####. ....# ....# #...# .###.
6 ..##. .#... #.... ####. #...# #...# .###.
7 ##### ....# ...#. ..#.. .#... .#... .#...
8 .###. #...# #...# .###. #...# #...# .###.
9 .###. #...# #...# .#### ....# ...#. .##..
% ##... ##..# ...#. ..#.. .#... #..## ...##
- ..... ..... ..... ##### ..... ..... .....
+ ..... ..#.. ..#.. ##### ..#.. ..#.. .....
& .##.. #..#. #.#.. .#... #.#.# #..#. .##.#
' ..#.. ..#.. .#... ..... ..... ..... .....
. ..... ..... ..... ..... ..... .##.. .##..
! ..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..
"""

FONT = {" ": ["....."] * 7}
for _line in _GLYPHS.strip().splitlines():
    _parts = _line.split()
    FONT[_parts[0]] = _parts[1:]


def plain_upper(s):
    """Upper-case ASCII rendering of s that the bitmap font can draw."""
    s = unicodedata.normalize("NFKD", s)
    s = "".join(ch for ch in s if not unicodedata.combining(ch)).upper()
    s = s.replace("\u2019", "'").replace("\u2013", "-").replace("\u2014", "-")
    return "".join(ch if ch in FONT else " " for ch in s)


# --------------------------------------------------------------------------
# Colours


def hue_of(slug, salt=""):
    return hashlib.md5((salt + slug).encode("utf-8")).digest()[0] / 256.0


def hsv(h, s, v):
    return tuple(c * 255 for c in colorsys.hsv_to_rgb(h % 1.0, s, v))


WHITE = (255, 255, 255)
GOLD = (201, 162, 84)
GOLD_LIGHT = (228, 200, 140)

# --------------------------------------------------------------------------
# Reading the content folder (just enough to find slugs, names and a few keys)

SLUG_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$")


def read_record(path):
    """Return a flat dict of top-level scalar keys of a .md or .json record."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        data = json.loads(text)
        return {k: v for k, v in data.items() if isinstance(v, (str, int, float))}
    data = {}
    m = re.match(r"---\r?\n(.*?)\r?\n---", text, re.S)
    if not m:
        return data
    for line in m.group(1).splitlines():
        kv = re.match(r"^([A-Za-z][A-Za-z0-9]*):\s*(.*?)\s*$", line)
        if not kv or not kv.group(2):
            continue
        value = kv.group(2)
        if value.startswith('"'):
            try:
                value = json.loads(value)
            except ValueError:
                value = value.strip('"')
        elif value.startswith("'") and value.endswith("'"):
            value = value[1:-1].replace("''", "'")
        data[kv.group(1)] = value
    return data


def records(folder, recursive=False):
    """Yield (slug, record) for every .md/.json file, sorted by slug."""
    found = []
    if not os.path.isdir(folder):
        return found
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in files:
            base, ext = os.path.splitext(name)
            if ext in (".md", ".json") and SLUG_RE.match(base):
                found.append((base, read_record(os.path.join(root, name))))
        if not recursive:
            break
    return sorted(found, key=lambda r: r[0])


# --------------------------------------------------------------------------
# Product shots

SHAPE_KEYWORDS = [
    ("lipstick", ("lipstick",)),
    ("mascara", ("mascara",)),
    ("perfume", ("parfum", "perfume", "fragrance", "eau-de")),
    ("tube", ("lip-", "-lip", "cleanser", "wash", "-gel")),
    ("spray", ("mist", "spray", "toner", "remover")),
    ("dropper", ("serum", "oil", "huile")),
    ("pump", ("foundation", "fluid", "spf", "lotion")),
    ("jar", ("cream", "creme", "mask", "balm", "moisturizer", "sorbet")),
]


def shape_for(slug):
    for shape, words in SHAPE_KEYWORDS:
        if any(w in slug for w in words):
            return shape
    return "pump"


def draw_product(slug):
    h = hue_of(slug)
    bg = hsv(h, 0.16, 0.97)
    body = hsv(h, 0.55, 0.82)
    body_light = hsv(h, 0.30, 0.93)
    cap = hsv(h + 0.5, 0.35, 0.30)
    label = (250, 248, 244)
    label_ink = hsv(h, 0.45, 0.45)
    shadow = hsv(h, 0.22, 0.86)

    c = Canvas(480, 480, bg)
    c.ellipse(240, 402, 150, 16, shadow)
    shape = shape_for(slug)

    def label_box(x0, y0, x1, y1):
        c.rect(x0, y0, x1, y1, label)
        mid = (y0 + y1) // 2
        c.rect(x0 + 14, mid - 10, x1 - 14, mid - 4, label_ink)
        c.rect(x0 + 24, mid + 6, x1 - 24, mid + 10, label_ink)

    if shape == "jar":
        c.rounded_rect(130, 258, 350, 402, 20, body)
        c.rect(146, 272, 160, 388, body_light)
        c.rounded_rect(122, 208, 358, 264, 10, cap)
        label_box(176, 298, 316, 366)
    elif shape == "dropper":
        c.rounded_rect(168, 198, 312, 402, 24, body)
        c.rect(184, 214, 198, 386, body_light)
        c.rect(214, 168, 266, 200, cap)
        c.rounded_rect(200, 138, 280, 176, 6, cap)
        c.rect(224, 100, 256, 142, (40, 36, 34))
        c.circle(240, 96, 24, (40, 36, 34))
        label_box(206, 262, 296, 352)
    elif shape == "pump":
        c.rounded_rect(174, 168, 306, 402, 32, body)
        c.rect(190, 190, 204, 380, body_light)
        c.rounded_rect(204, 134, 276, 172, 6, cap)
        c.rect(232, 104, 248, 136, cap)
        c.rounded_rect(206, 86, 290, 108, 6, cap)
        c.rect(288, 92, 322, 102, cap)
        label_box(212, 240, 292, 336)
    elif shape == "spray":
        c.rounded_rect(184, 158, 296, 402, 22, body)
        c.rect(198, 176, 212, 384, body_light)
        c.rect(206, 124, 274, 162, cap)
        c.rounded_rect(198, 78, 282, 128, 14, cap)
        c.rect(280, 94, 302, 106, cap)
        label_box(220, 232, 286, 330)
    elif shape == "tube":
        c.rounded_rect(196, 344, 284, 402, 8, cap)
        c.polygon([(160, 92), (320, 92), (282, 346), (198, 346)], body)
        c.polygon([(176, 104), (192, 104), (212, 334), (204, 334)], body_light)
        c.rect(154, 78, 326, 98, hsv(h, 0.60, 0.65))
        c.polygon([(200, 170), (290, 170), (280, 250), (210, 250)], label)
        c.rect(214, 196, 276, 202, label_ink)
        c.rect(222, 214, 268, 218, label_ink)
    elif shape == "lipstick":
        c.rounded_rect(186, 262, 294, 402, 6, GOLD)
        c.rect(198, 276, 208, 390, GOLD_LIGHT)
        c.rect(198, 220, 282, 264, GOLD_LIGHT)
        c.polygon([(208, 222), (208, 134), (272, 102), (272, 222)], hsv(h, 0.75, 0.72))
        c.rect(216, 140, 224, 216, hsv(h, 0.45, 0.88))
    elif shape == "mascara":
        c.rounded_rect(212, 292, 268, 402, 10, body)
        c.rect(212, 286, 268, 298, GOLD)
        c.rounded_rect(216, 66, 264, 290, 14, cap)
        c.rect(226, 84, 234, 270, hsv(h + 0.5, 0.25, 0.45))
    elif shape == "perfume":
        c.rounded_rect(136, 206, 344, 402, 26, body)
        c.rounded_rect(160, 230, 320, 378, 18, body_light)
        c.rect(218, 180, 262, 210, GOLD)
        c.circle(240, 142, 44, cap)
        c.circle(226, 128, 10, hsv(h + 0.5, 0.25, 0.50))
        label_box(188, 284, 292, 324)
    return c


# --------------------------------------------------------------------------
# Brand logos


def initials(title, slug):
    words = [w for w in re.split(r"[\s-]+", plain_upper(title or slug)) if w]
    if not words:
        words = slug.upper().split("-")
    return "".join(w[0] for w in words[:2])


LOGO_BACKGROUND = (250, 248, 245)


def draw_logo(slug, title):
    digest = hashlib.md5(("logo:" + slug).encode("utf-8")).digest()
    h = digest[0] / 256.0
    main = hsv(h, 0.55, 0.62)
    dark = hsv(h, 0.60, 0.40)
    c = Canvas(160, 80, LOGO_BACKGROUND)
    c.rect(0, 0, 80, 80, main)
    c.rect(0, 72, 160, 80, dark)
    mark = digest[1] % 5
    if mark == 0:
        c.circle(40, 36, 22, WHITE)
    elif mark == 1:
        c.circle(40, 36, 24, WHITE)
        c.circle(40, 36, 14, main)
    elif mark == 2:
        c.polygon([(40, 10), (66, 36), (40, 62), (14, 36)], WHITE)
    elif mark == 3:
        c.polygon([(40, 12), (66, 58), (14, 58)], WHITE)
    else:
        c.circle(32, 36, 18, WHITE)
        c.circle(50, 36, 18, hsv(h, 0.25, 0.95))
    text = initials(title, slug)
    scale = 4 if len(text) <= 2 else 3
    tw = text_width(text, scale)
    c.text(80 + (80 - tw) // 2, (72 - 7 * scale) // 2, text, scale, dark)
    return c


# --------------------------------------------------------------------------
# Promotion banners


def fmt_percent(value):
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return ("%g" % number) + "%"


def draw_banner(slug, rec):
    h = hue_of(slug, "promo:")
    bg = hsv(h, 0.55, 0.70)
    c = Canvas(800, 400, bg)
    # decoration on the right
    c.circle(660, 120, 150, hsv(h, 0.45, 0.80))
    c.circle(560, 340, 110, hsv(h + 0.08, 0.50, 0.62))
    c.circle(740, 360, 60, hsv(h - 0.08, 0.30, 0.88))
    for i in range(7):
        d = hashlib.md5(f"{slug}:{i}".encode("utf-8")).digest()
        c.circle(470 + d[0] % 300, 20 + d[1] % 360, 5 + d[2] % 8, hsv(h + 0.5, 0.35, 0.95))
    # a small jar, as a nod to the shop
    c.ellipse(660, 318, 82, 10, hsv(h, 0.55, 0.55))
    c.rounded_rect(590, 230, 730, 320, 14, WHITE)
    c.rounded_rect(584, 196, 736, 234, 8, hsv(h + 0.5, 0.35, 0.30))
    c.rect(620, 256, 700, 294, hsv(h, 0.30, 0.92))

    ink = WHITE
    x = 48
    # title: up to two lines of at most 18 characters at scale 4
    per_line = 440 // 24
    lines, line = [], ""
    for word in plain_upper(str(rec.get("title", slug))).split():
        candidate = (line + " " + word).strip()
        if len(candidate) <= per_line or not line:
            line = candidate[:per_line]
        else:
            lines.append(line)
            line = word[:per_line]
    if line:
        lines.append(line)
    lines = lines[:2]
    top = 56 if len(lines) <= 1 else 36
    for i, text in enumerate(lines):
        c.text(x, top + i * 38, text, 4, ink)

    big = fmt_percent(rec.get("discountPercent"))
    big = ("-" + big) if big else "DEAL"
    big_scale = 14
    while big_scale > 6 and text_width(big, big_scale) > 430:
        big_scale -= 1
    c.text(x, 128 if len(lines) > 1 else 120, big, big_scale, ink)

    code = str(rec.get("code", "")).strip()
    if code:
        code = plain_upper(code)
        tw = text_width(code, 5)
        c.rounded_rect(x, 262, x + tw + 48, 262 + 35 + 28, 12, WHITE)
        c.text(x + 24, 262 + 14, code, 5, hsv(h, 0.60, 0.45))
    return c


# --------------------------------------------------------------------------


def save(canvas, path, written, scale, transparent=None):
    """Enlarges the drawing `scale` times with libvips and writes it in the format of `path`."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "drawing.png")
        with open(source, "wb") as f:
            f.write(canvas.png(transparent))
        options = "[Q=88,strip]" if path.endswith(".jpg") else "[compression=9,strip]"
        subprocess.run(["vips", "resize", source, path + options, str(scale), "--kernel", "linear"], check=True)
    written.append((path, os.path.getsize(path)))


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    content = os.path.abspath(argv[1] if len(argv) > 1 else os.path.join(here, "..", "Content"))
    images = os.path.join(content, "images")
    written = []

    for slug, rec in records(os.path.join(content, "brands")):
        save(draw_logo(slug, str(rec.get("title", ""))),
             os.path.join(images, "brands", slug + ".png"), written, 5, transparent=LOGO_BACKGROUND)

    for slug, rec in records(os.path.join(content, "products"), recursive=True):
        save(draw_product(slug), os.path.join(images, "products", slug + ".jpg"), written, 5)

    # Variants' own pictures (a shade each): an indented `image:` under `variants:`, drawn like
    # a product whose slug is the file's name, so each shade gets its own colour.
    for root, _, files in sorted(os.walk(os.path.join(content, "products"))):
        for name in sorted(files):
            text = open(os.path.join(root, name), encoding="utf-8").read()
            for stem in re.findall(r"^\s+image:\s*images/products/([a-z0-9-]+)\.jpg\s*$", text, re.M):
                save(draw_product(stem), os.path.join(images, "products", stem + ".jpg"), written, 5)

    for slug, rec in records(os.path.join(content, "promotions")):
        save(draw_banner(slug, rec), os.path.join(images, "promotions", slug + ".jpg"), written, 3)

    largest = max((n for _, n in written), default=0)
    total = sum(n for _, n in written)
    print(f"wrote {len(written)} images under {os.path.relpath(images)} "
          f"({total} bytes, largest {largest} bytes)")


if __name__ == "__main__":
    main(sys.argv)
