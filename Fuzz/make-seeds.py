#!/usr/bin/env python3
"""Generates the fuzzers' seed corpora from real Stack Exchange content, into a git-ignored folder.

Usage: Fuzz/make-seeds.py OUT_DIR   (reads $STACKTERM_DATA, else ../shared/data beside the repository)

Nothing from the data folder is copied into the repository: seeds are made fresh on every run.
  html/       bodies from the dumps' Posts.xml and the recorded API answers, first byte = width
  html-big/   a few inputs just under 1 MB (not fuzzed; run.sh times each once against the 100 ms goal)
  json/       every recorded API response (data/api/**.json), first byte = item kind and situation
  dump/       runs of real rows from Posts/Users/Comments/Tags.xml, first byte = which reader and piece size
  config/     Fuzz/seeds/config/*.toml (hand-written, committed) and Resources/config.example.toml
  line-editor/ hand-written key sequences (below)
  live/       socket messages built from real questions of the dumps, first byte = site filter and wrapping
Standard library only.
"""
import html as htmlmod
import json
import os
import random
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = sys.argv[1]
DATA = os.environ.get("STACKTERM_DATA") or os.path.join(os.path.dirname(ROOT), "shared", "data")
if not os.path.isdir(os.path.join(DATA, "dumps")) or not os.path.isdir(os.path.join(DATA, "api")):
    sys.exit(f"make-seeds: no data at {DATA} (set STACKTERM_DATA to the shared data folder)")

rng = random.Random(8)  # the same seeds on every run
counts = {}


def put(kind, name, data):
    folder = os.path.join(OUT, kind)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
    counts[kind] = counts.get(kind, 0) + 1


def rows(path):
    """Raw `<row .../>` lines of a dump file, byte for byte (keeps the real escaping)."""
    with open(path, "rb") as f:
        return [line.strip() for line in f if line.lstrip().startswith(b"<row ")]


def bodies(path):
    for _, element in ET.iterparse(path):
        if element.tag == "row":
            body = element.get("Body")
            if body:
                yield element.get("Id"), body
            element.clear()


dumps = sorted(d for d in os.listdir(os.path.join(DATA, "dumps")) if os.path.isdir(os.path.join(DATA, "dumps", d)))
WIDTHS = [80, 100, 40, 20, 12, 1, 0, 127]

# html: per dump, the longest bodies, the ones with tables/lists/quotes/pre, and a random sample.
all_bodies = []
for dump in dumps:
    posts = list(bodies(os.path.join(DATA, "dumps", dump, "Posts.xml")))
    all_bodies += [b for _, b in posts]
    chosen = {}
    for marker in ("<table", "<pre", "<ol", "<blockquote", "<kbd", "<img", "$", "<h1", "<sup", "&#"):
        for pid, b in [p for p in posts if marker in p[1]][:4]:
            chosen[pid] = b
    for pid, b in sorted(posts, key=lambda p: -len(p[1]))[:4]:
        chosen[pid] = b
    for pid, b in rng.sample(posts, min(30, len(posts))):
        chosen[pid] = b
    for i, (pid, b) in enumerate(sorted(chosen.items())):
        width = WIDTHS[i % len(WIDTHS)]
        put("html", f"{dump}-{pid}-w{width}", bytes([width]) + b.encode())
        if "$" in b:  # the same body on a MathJax site (first byte's high bit: math on)
            put("html", f"{dump}-{pid}-w{width}-math", bytes([width | 0x80]) + b.encode())

for path in sorted(os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(DATA, "api")) for f in fs if f.endswith(".json")):
    try:
        items = json.load(open(path, encoding="utf-8")).get("items", [])
    except (ValueError, AttributeError):
        continue
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and isinstance(item.get("body"), str) and counts.get("html-api", 0) < 20:
            counts["html-api"] = counts.get("html-api", 0) + 1
            put("html", f"api-{os.path.basename(path)}-{counts['html-api']}", bytes([80]) + item["body"].encode())

# html-big: each just under 1 MB (what the 100 ms goal is about); width byte 80.
MB = 1_000_000
joined = "".join(all_bodies)
big = {
    "all-bodies": joined[: MB - 1],
    "nested-divs": "<div>" * 60000 + "x" + "</div>" * 60000,
    "nested-blockquotes": "<blockquote>" * 40000 + "q",
    "nested-lists": "<ul><li>" * 60000 + "deep",
    "lone-lt": "a < b " * 160000,
    "one-word": "x" * (MB - 1),
    "one-pre-line": "<pre><code>" + "y" * (MB - 30) + "</code></pre>",
    "many-links": "".join(f'<a href="https://e.com/{i}">l{i}</a> ' for i in range(30000)),
    "wide-table": "<table><tr>" + "<th>h</th>" * 40000 + "</tr><tr>" + "<td>v</td>" * 40000 + "</tr></table>",
    "tall-table": "<table>" + "<tr><td>a</td><td>b</td></tr>" * 30000 + "</table>",
    "entities": "&amp;&#x1F600;&#27;&nbsp;&bogus;" * 30000,
    "cjk-emoji": "日本語テキスト👩‍👩‍👧e\u0301" * 40000,
}
for name, text in big.items():
    data = text.encode()[: MB - 1]
    put("html-big", name, bytes([80]) + data)

# json: every recorded response, with the item kind its name suggests (and a wrong one), situations 0 and 2;
# error bodies also as HTTP 400 and 502.
KINDS = [("question", 0), ("search", 0), ("featured", 0), ("linked", 0), ("related", 0), ("answer", 1),
         ("comment", 2), ("site", 3), ("info", 4), ("associated", 5), ("user", 5), ("tag", 6)]
for path in sorted(os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(DATA, "api")) for f in fs if f.endswith(".json")):
    name = os.path.relpath(path, os.path.join(DATA, "api")).replace("/", "-")
    data = open(path, "rb").read()
    lower = name.lower()
    kind = next((k for word, k in KINDS if word in lower), 7)
    error = b'"error_id"' in data
    for situation in ((0, 1, 2, 3) if error else (0, 2)):
        put("json", f"{name}-k{kind}-s{situation}", bytes([kind | situation << 3]) + data)
    put("json", f"{name}-k{(kind + 3) % 8}-s0", bytes([(kind + 3) % 8]) + data)

# dump: 1-20 consecutive real rows per seed, with the real files' BOM, declaration and root element; the i-th
# seed of a file is read the i-th way (bits 2-4: through a file, or pushed in pieces of 1, 2, 3, 7, 64, 511, 4096 bytes).
READERS = [("Posts.xml", 0, "posts"), ("Users.xml", 1, "users"), ("Comments.xml", 2, "comments"), ("Tags.xml", 3, "tags")]
for dump in dumps:
    for file, selector, root in READERS:
        path = os.path.join(DATA, "dumps", dump, file)
        if not os.path.exists(path):
            continue
        lines = rows(path)
        for i in range(min(8, len(lines))):
            start = rng.randrange(len(lines))
            chunk = lines[start : start + rng.choice([1, 2, 5, 20])]
            text = b"\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<" + root.encode() + b">\r\n  " + \
                b"\r\n  ".join(chunk) + b"\r\n</" + root.encode() + b">"
            put("dump", f"{dump}-{root}-{i}", bytes([selector | (i % 8) << 2]) + text)

# config: the committed hand-written seeds and the example config.
for folder in (os.path.join(ROOT, "Fuzz", "seeds", "config"),):
    for f in sorted(os.listdir(folder)):
        put("config", f, open(os.path.join(folder, f), "rb").read())
put("config", "config.example.toml", open(os.path.join(ROOT, "Resources", "config.example.toml"), "rb").read())

# line-editor: first byte = width; keys as in FuzzLineEditor.swift (0x08 Backspace, 0x0F Up, 0x17 Ctrl-W, …).
LINE_EDITOR = {
    "type-and-submit": b"\x20hello world\x0a",
    "edit-middle": b"\x10abcdef\x00\x00\x00X\x08\x0d\x03\x03Y\x0a",
    "ctrl-keys": b"\x18one two  three\x17\x17\x01\x0b\x05\x15undo\x0a",
    "history-walk": b"\x08draft\x0f\x0f\x0f\x0f\x0e\x0e\x0e\x0e\x0e!\x0a",
    "graphemes": b"\x05\x7f\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x00\x08\x00\x0d\x8d\x8e\x8f\x90\x91",
    "combining-after-wide": b"\x04\x82\x80\x80\x08\x80\x07\x80\x0c\x80",
    "narrow-scroll": b"\x03" + b"\x82\x83" * 20 + b"\x00" * 25 + b"\x03" * 10,
    "controls": b"\x20a\x19b\x1ac\x1d\x1e\x1f\x1c\x10\x13\x11\x12\x09\x14",
    "escape-reopen": b"\x30typed\x1bagain\x0a",
    "long-line": b"\x3f" + b"The quick brown fox " * 20 + b"\x07\x17\x0c\x17",
}
for name, data in LINE_EDITOR.items():
    put("line-editor", name, data)

# live: socket messages shaped like the real feed's, from real questions of each dump (title HTML-escaped as the
# feed sends it); byte 0 bit 0 = filter by site cardano, bit 1 = the rest is the inner object only.
put("live", "heartbeat", b"\x00" + b'{"action":"hb","data":"hb"}')
put("live", "other-topic", b"\x00" + b'{"action":"1-questions-newest","data":"{}"}')
put("live", "hostile-inner", b"\x02" + b'{"apiSiteParameter":"cardano","id":1,"titleEncodedFancy":"a\\u001b[31m&#27;&#x9b;\\u202e","tags":[1]}')
for dump in dumps:
    for i, element in enumerate(q for q in ET.parse(os.path.join(DATA, "dumps", dump, "Posts.xml")).getroot()
                                if q.get("PostTypeId") == "1"):
        if i >= 12:
            break
        qid = int(element.get("Id"))
        inner = {
            "siteBaseHostAddress": f"{dump}.stackexchange.com", "id": qid,
            "titleEncodedFancy": htmlmod.escape(element.get("Title") or "", quote=True),
            "bodySummary": htmlmod.escape(re.sub("<[^>]*>", "", element.get("Body") or "")[:200]),
            "tags": [t for t in re.split("[<>|]", element.get("Tags") or "") if t],
            "lastActivityDate": 1764100000 + i, "url": f"https://{dump}.stackexchange.com/questions/{qid}/x",
            "ownerUrl": f"https://{dump}.stackexchange.com/users/1/x",
            "ownerDisplayName": htmlmod.escape(element.get("OwnerDisplayName") or "user1"), "apiSiteParameter": dump,
        }
        text = json.dumps(inner, separators=(",", ":"))
        outer = json.dumps({"action": "155-questions-active", "data": text}, separators=(",", ":"))
        put("live", f"{dump}-{qid}", bytes([i % 2]) + outer.encode())
        put("live", f"{dump}-{qid}-inner", bytes([2 | i % 2]) + text.encode())

print("make-seeds: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "html-api") + f" (from {DATA})")
