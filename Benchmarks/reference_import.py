#!/usr/bin/env python3
"""Reference importer for stackterm-bench's `import` benchmark: the straightforward way to load a Posts.xml.

xml.etree.iterparse streams the rows, sqlite3.executemany inserts them in batches of 10,000 (one transaction
each), and an external-content FTS5 table (porter unicode61) over title and body is filled with 'rebuild' at the
end -- the importer the issue and docs/GUIDE describe, measured there at ~6,600 posts/s on 100,000 posts. Like
most quick importers it indexes the body as stored (HTML); stackterm indexes the text.

Usage: reference_import.py POSTS_XML DATABASE   (prints "posts=N seconds=S" on stdout)
"""
import os
import sqlite3
import sys
import time
import xml.etree.ElementTree as ET

BATCH = 10_000
COLUMNS = ("Id", "PostTypeId", "ParentId", "AcceptedAnswerId", "Score", "ViewCount", "AnswerCount",
           "CommentCount", "Title", "Body", "Tags", "CreationDate", "LastActivityDate", "OwnerUserId",
           "OwnerDisplayName", "ContentLicense")


def main():
    xml_path, db_path = sys.argv[1], sys.argv[2]
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db_path + suffix):
            os.remove(db_path + suffix)
    start = time.monotonic()
    db = sqlite3.connect(db_path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("""CREATE TABLE posts (id INTEGER PRIMARY KEY, post_type INTEGER, parent_id INTEGER,
        accepted_answer_id INTEGER, score INTEGER, view_count INTEGER, answer_count INTEGER, comment_count INTEGER,
        title TEXT, body TEXT, tags TEXT, created TEXT, last_activity TEXT, owner_id INTEGER, owner_name TEXT,
        license TEXT)""")
    db.execute("CREATE INDEX posts_parent ON posts(parent_id)")
    db.execute("""CREATE VIRTUAL TABLE posts_fts USING fts5(title, body, content='posts', content_rowid='id',
        tokenize='porter unicode61')""")
    insert = "INSERT INTO posts VALUES (" + ",".join("?" * len(COLUMNS)) + ")"
    batch, count = [], 0
    for _, element in ET.iterparse(xml_path, events=("end",)):
        if element.tag != "row":
            continue
        batch.append(tuple(element.get(name) for name in COLUMNS))
        element.clear()
        if len(batch) == BATCH:
            with db:
                db.executemany(insert, batch)
            count += len(batch)
            batch = []
    with db:
        db.executemany(insert, batch)
    count += len(batch)
    with db:
        db.execute("INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')")
    db.close()
    print(f"posts={count} seconds={time.monotonic() - start:.3f}")


if __name__ == "__main__":
    main()
