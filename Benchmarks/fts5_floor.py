#!/usr/bin/env python3
"""The full-text indexes' own cost in an import: what one SQLite connection spends on FTS5 alone.

Gives the index text of each post of a Posts.xml (tags stripped, entities decoded, each word once: close to
stackterm's IndexText), then, on one connection, inserts N rows (the file's posts repeated, as stackterm-bench's
store does) into the two indexes a store has -- post_fts (title, body) and title_fts (title), contentless,
porter unicode61 -- with stackterm's import settings (8,000-row transactions, 16 MB term hash, no automerge,
48 MB page cache), then merges post_fts into one segment ('optimize') as the import's closing step does.
Prints the CPU seconds of each part. SQLite allows one writer per file, so this is a floor under the writing
thread of any import into one store file, whatever else it writes.

Usage: fts5_floor.py POSTS_XML N [DATABASE]
"""
import html
import os
import re
import resource
import sqlite3
import sys
import time
import xml.etree.ElementTree as ET

TRANSACTION_ROWS = 8_000
TAG = re.compile(r"<[^>]*>")
WORD = re.compile(r"[0-9A-Za-z\x80-\U0010ffff]+")


def index_text(body_html):
    text = html.unescape(TAG.sub(" ", body_html))
    seen, words = set(), []
    for word in WORD.findall(text):
        folded = word.lower()
        if folded not in seen:
            seen.add(folded)
            words.append(word)
    return " ".join(words)


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main():
    xml_path, count = sys.argv[1], int(sys.argv[2])
    db_path = sys.argv[3] if len(sys.argv) > 3 else "/tmp/fts5-floor.sqlite"
    posts = []
    for _, element in ET.iterparse(xml_path):
        if element.tag == "row":
            posts.append((element.get("Title") or "", index_text(element.get("Body") or "")))
            element.clear()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db_path + suffix):
            os.remove(db_path + suffix)
    db = sqlite3.connect(db_path, isolation_level=None)
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "cache_size=-49152"):
        db.execute("PRAGMA " + pragma)
    db.execute("CREATE VIRTUAL TABLE post_fts USING fts5(title, body, content='', tokenize='porter unicode61')")
    db.execute("CREATE VIRTUAL TABLE title_fts USING fts5(title, content='', tokenize='porter unicode61')")
    for table in ("post_fts", "title_fts"):
        for key, value in (("automerge", 0), ("crisismerge", 1000), ("hashsize", 16 << 20)):
            db.execute(f"INSERT INTO {table}({table}, rank) VALUES ('{key}', {value})")
    unique = len(posts)
    start, began = cpu_seconds(), time.monotonic()
    for first in range(0, count, TRANSACTION_ROWS):
        rows = range(first, min(count, first + TRANSACTION_ROWS))
        db.execute("BEGIN")
        db.executemany("INSERT INTO post_fts(rowid, title, body) VALUES (?, ?, ?)",
                       ((row + 1, *posts[row % unique]) for row in rows))
        db.executemany("INSERT INTO title_fts(rowid, title) VALUES (?, ?)",
                       ((row + 1, posts[row % unique][0]) for row in rows))
        db.execute("COMMIT")
    inserted, inserted_at = cpu_seconds(), time.monotonic()
    db.execute("INSERT INTO post_fts(post_fts) VALUES ('optimize')")
    merged, merged_at = cpu_seconds(), time.monotonic()
    db.close()
    print(f"posts={count} distinct={unique} insert_cpu={inserted - start:.1f}s insert_wall={inserted_at - began:.1f}s "
          f"optimize_cpu={merged - inserted:.1f}s optimize_wall={merged_at - inserted_at:.1f}s "
          f"total_cpu={merged - start:.1f}s size={os.path.getsize(db_path) / 1e6:.0f}MB")


if __name__ == "__main__":
    main()
