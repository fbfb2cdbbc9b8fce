#!/usr/bin/env python3
"""Writes FOLDER/Posts.xml: 12,000 posts (a question and its two answers, in turn) of 4,500 random words each
(~34 KB of body, words from a 200,000-word made-up vocabulary, seed 7), for the import's memory on long posts:

    python3 Benchmarks/long_posts.py /tmp/longdump
    /usr/bin/time -f "%M KB" .build/release/stackterm import /tmp/longdump --site long
"""
import os
import random
import sys

folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)
random.seed(7)
vocab = [''.join(random.choice('abcdefghijklmnopqrstuvwxyz') for _ in range(random.randint(3, 10))) for _ in range(200000)]
with open(os.path.join(folder, 'Posts.xml'), 'w') as out:
    out.write('<?xml version="1.0" encoding="utf-8"?>\n<posts>\n')
    for i in range(1, 12001):
        body = '&lt;p&gt;' + ' '.join(random.choice(vocab) for _ in range(4500)) + '&lt;/p&gt;'
        common = f'CreationDate="2020-01-01T00:00:00.000" Score="1" Body="{body}" CommentCount="0" ContentLicense="CC BY-SA 4.0"'
        if i % 3 == 1:
            out.write(f'  <row Id="{i}" PostTypeId="1" Title="Question {i} about {vocab[i]}" Tags="|a|b|" AnswerCount="2" {common} />\n')
        else:
            out.write(f'  <row Id="{i}" PostTypeId="2" ParentId="{i - (i - 1) % 3}" {common} />\n')
    out.write('</posts>\n')
