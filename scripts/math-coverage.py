#!/usr/bin/env python3
"""Issue 30's coverage measure, pylatexenc's side: every math span of a dump's posts through pylatexenc.

    pip install pylatexenc
    python3 scripts/math-coverage.py                       # quantumcomputing, pylatexenc's share
    python3 scripts/math-coverage.py --ours 9998           # also TeXMath's figure (spans rendered) side by side
    python3 scripts/math-coverage.py --dump quantumcomputing --examples 20

The spans are found exactly as TeXMathTests' PostCorpus finds them (the Swift test testQuantumComputingCoverage
prints TeXMath's figure on the same spans): each post's Body from Posts.xml, <code> and <pre> contents dropped,
the text between tags decoded (&lt; &gt; &amp; &quot; &apos; &nbsp; &#N; &#xN;) and split by MathJax 2's tex2jax
rules (inline $…$ and \\(…\\), display $$…$$, \\[…\\] and \\begin{env}…\\end{env}, \\$ a literal dollar; see
Sources/TeXMath/MathSpans.swift). A span counts as rendered by pylatexenc when `latex_to_text` returns without
an error and leaves no TeX command (a backslash followed by a letter) and no raw ^ or _ in its output.
Data: $STACKTERM_DATA, else ../shared/data beside the repository (real posts, CC BY-SA; read, never copied).
"""
import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.environ.get("STACKTERM_DATA") or os.path.join(os.path.dirname(ROOT), "shared", "data")

INLINE = [("$", "$"), ("\\(", "\\)")]
DISPLAY = [("$$", "$$"), ("\\[", "\\]")]


def decode_entities(text):
    """The same small decoder as PostCorpus.decodeEntities."""
    names = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'", "nbsp": "\u00a0"}
    out, i = [], 0
    while True:
        amp = text.find("&", i)
        if amp < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:amp])
        window = text[amp + 1:amp + 11]
        semi = window.find(";")
        decoded = None
        if semi >= 0:
            name = window[:semi]
            decoded = names.get(name)
            if decoded is None and name.startswith("#"):
                digits = name[1:]
                try:
                    value = int(digits[1:], 16) if digits[:1] in ("x", "X") else int(digits)
                    decoded = chr(value) if 0 <= value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF else None
                except ValueError:
                    decoded = None
        if decoded is None:
            out.append("&")
            i = amp + 1
        else:
            out.append(decoded)
            i = amp + 1 + semi + 1


def text_runs(html):
    """The text between tags outside <code>/<pre>, as PostCorpus.textRuns."""
    runs, current, skipping, rest = [], "", 0, html
    while True:
        lt = rest.find("<")
        if lt < 0:
            break
        if skipping == 0:
            current += rest[:lt]
        gt = rest.find(">", lt)
        if gt < 0:
            rest = ""
            break
        tag = rest[lt + 1:gt].lower()
        name = re.split(r"[ /]", tag, maxsplit=1)[0] if not tag.startswith("/") else re.split(r" ", tag, maxsplit=1)[0]
        if name in ("code", "pre"):
            skipping += 1
        if name in ("/code", "/pre"):
            skipping = max(0, skipping - 1)
        if current:
            runs.append(current)
            current = ""
        rest = rest[gt + 1:]
    if skipping == 0:
        current += rest
    if current:
        runs.append(current)
    return runs


def split(text):
    """tex2jax's scan of one text run: [(kind, tex)] with kind 'inline' or 'display' (text dropped)."""
    starts = sorted([(o, c, True) for o, c in DISPLAY] + [(o, c, False) for o, c in INLINE], key=lambda s: -len(s[0]))
    spans, i, n = [], 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\\":
            j = i
            while j < n and text[j] == "\\":
                j += 1
            if j < n and text[j] == "$":
                i = j + 1 if (j - i) % 2 == 1 else j
                continue
        start = None
        if ch in "$\\":
            for o, c, display in starts:
                if text.startswith(o, i):
                    start = (o, c, display)
                    break
            if start is None and text.startswith("\\begin{", i):
                close = text.find("}", i + 7)
                if close >= 0:
                    start = ("\\begin{", "\\end{" + text[i + 7:close] + "}", True)
        if start is None:
            i += 1
            continue
        o, c, display = start
        j, depth, candidate, end, fallback = i + len(o), 0, None, None, False
        while j < n:
            if text.startswith(c, j):
                if depth == 0:
                    end = j
                    break
                if candidate is None:
                    candidate = j
                j += len(c)
                continue
            if text[j] == "\\":
                j += 2
            elif text[j] == "{":
                depth += 1
                j += 1
            elif text[j] == "}":
                depth = max(0, depth - 1)
                j += 1
            else:
                j += 1
        if end is None:
            if candidate is None:
                break
            end, fallback = candidate, True
        tex = text[i:end + len(c)] if o == "\\begin{" else text[i + len(o):end]
        spans.append(("display" if display else "inline", tex))
        i = end + len(c)
        if fallback:
            break
    return spans


def corpus(dump):
    path = os.path.join(DATA, "dumps", dump, "Posts.xml")
    if not os.path.exists(path):
        sys.exit(f"math-coverage: no {path} (set STACKTERM_DATA)")
    spans, posts = [], 0
    for _, row in ET.iterparse(path):
        if row.tag != "row":
            continue
        body = row.get("Body")
        if body is None or row.get("Id") is None:
            continue
        posts += 1
        for run in text_runs(body):
            for kind, tex in split(decode_entities(run)):
                spans.append((int(row.get("Id")), kind, tex))
        row.clear()
    return spans, posts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dump", default="quantumcomputing")
    parser.add_argument("--ours", type=int, help="spans TeXMath rendered (from testQuantumComputingCoverage)")
    parser.add_argument("--examples", type=int, default=0, help="print this many pylatexenc leftovers")
    args = parser.parse_args()
    try:
        from pylatexenc.latex2text import LatexNodes2Text
    except ImportError:
        sys.exit("math-coverage: pip install pylatexenc")
    spans, posts = corpus(args.dump)
    converter = LatexNodes2Text()
    command = re.compile(r"\\[A-Za-z]")
    ok, shown = 0, 0
    for post, kind, tex in spans:
        try:
            out = converter.latex_to_text(tex)
            good = not command.search(out) and "^" not in out and "_" not in out
        except Exception:  # noqa: BLE001 - a crash is a span not rendered
            out, good = "<error>", False
        ok += good
        if not good and shown < args.examples:
            shown += 1
            print(f"  {post} {kind}: {tex[:80]!r} -> {out[:80]!r}")
    total = len(spans)
    print(f"{args.dump}: {total} math spans in {posts} posts "
          f"({sum(1 for s in spans if s[1] == 'inline')} inline, {sum(1 for s in spans if s[1] == 'display')} display)")
    print(f"pylatexenc {getattr(sys.modules.get('pylatexenc'), '__version__', '?')} latex2text: "
          f"{ok} of {total} with no TeX left ({100 * ok / max(1, total):.1f} %)")
    if args.ours is not None:
        print(f"TeXMath: {args.ours} of {total} ({100 * args.ours / max(1, total):.1f} %); "
              f"ratio TeXMath / pylatexenc = {args.ours / max(1, ok):.2f}")


if __name__ == "__main__":
    main()
