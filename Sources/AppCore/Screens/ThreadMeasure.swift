import TeXMath

/// What the layout step reports about a laid-out question view: its length and where its content sits, so the
/// reducer can keep the reader on the same paragraph whatever the width, the comments or the answers do.
public struct ThreadMeasure: Hashable, Sendable {
    /// A run of non-blank lines inside one post (a paragraph, a code block, a list…).
    public struct Block: Hashable, Sendable {
        public var postID: Int
        /// Its place among the post's blocks, from 0.
        public var index: Int
        /// Its first line in the document.
        public var line: Int
        /// How many lines it spans.
        public var length: Int

        public init(postID: Int, index: Int, line: Int, length: Int) {
            self.postID = postID
            self.index = index
            self.line = line
            self.length = length
        }
    }

    public var lineCount: Int
    /// The first line of each post (the question and each answer), by post id.
    public var postStarts: [Int: Int]
    /// Every block, in line order.
    public var blocks: [Block]
    /// The text of each line without its styles (what in-page find searches), one per line; empty when not given.
    public var lineTexts: [String]
    /// Every code block drawn as a block, in order, with its text: what `Y` copies, so copying is the reducer's.
    public var codeBlocks: [CodeBlock]
    /// The first line of each code block, in order.
    public var codeStarts: [Int] { codeBlocks.map(\.rows.lowerBound) }
    /// Every numbered link of every post, in line order (what the link picker lists).
    public var links: [ThreadLink] = []
    /// Every inline formula of the posts' bodies, in line order: what `Y` copies when no block is in view.
    public var inlineFormulas: [FormulaPlacement] = []

    /// A code block of the document: the rows it occupies and its exact text.
    public struct CodeBlock: Hashable, Sendable {
        public var rows: Range<Int>
        public var text: String

        public init(rows: Range<Int>, text: String) {
            self.rows = rows
            self.text = text
        }
    }

    public init(lineCount: Int, postStarts: [Int: Int], blocks: [Block], lineTexts: [String] = [], codeBlocks: [CodeBlock] = []) {
        self.lineCount = lineCount
        self.postStarts = postStarts
        self.blocks = blocks
        self.lineTexts = lineTexts
        self.codeBlocks = codeBlocks
    }

    /// The code block for a view whose top row is `top` and that shows `rows` rows: the one drawn on the top row,
    /// else the first one that starts in view, else nil.
    public func codeBlock(inViewFrom top: Int, rows: Int) -> CodeBlock? {
        if let covering = codeBlocks.first(where: { $0.rows.contains(top) }) { return covering }
        return codeBlocks.first { $0.rows.lowerBound > top && $0.rows.lowerBound < top + rows }
    }

    /// What `Y` copies in that view: the code block or display formula of `codeBlock(inViewFrom:rows:)`, else the
    /// first inline formula shown on a row in view (its paragraph's rows in view, one of them holding what it shows).
    public func copyTarget(inViewFrom top: Int, rows: Int) -> String? {
        if let block = codeBlock(inViewFrom: top, rows: rows) { return block.text }
        let view = top..<(top + max(0, rows))
        return inlineFormulas.first { formula in
            formula.rows.overlaps(view) && formula.rows.clamped(to: view).contains { row in
                lineTexts.indices.contains(row) && lineTexts[row].contains(formula.shown)
            }
        }?.text
    }

    /// The block starting at or above `line` (the last one), if any.
    func block(atOrAbove line: Int) -> Block? {
        var low = 0, high = blocks.count
        while low < high {
            let middle = (low + high) / 2
            if blocks[middle].line <= line { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? blocks[low - 1] : nil
    }

    /// Where `line` is, in content terms.
    public func anchor(atLine line: Int) -> ContentAnchor? {
        block(atOrAbove: line).map { ContentAnchor(block: $0, offset: line - $0.line) }
    }

    /// The line `anchor` names in this layout: the same block, at the same share of it (or the same distance past
    /// its end, on the blank lines after it); a block that is gone falls back to the post's last block before it.
    public func line(for anchor: ContentAnchor) -> Int? {
        let was = anchor.block
        guard let block = blocks.last(where: { $0.postID == was.postID && $0.index <= was.index }) else {
            return postStarts[was.postID]
        }
        guard block.index == was.index else { return block.line }
        if anchor.offset >= was.length { return block.line + block.length + anchor.offset - was.length }
        return block.line + min(block.length - 1, anchor.offset * block.length / max(1, was.length))
    }

    /// The post at `line`: the last one starting at or above it.
    public func post(atLine line: Int) -> Int? {
        postStarts.filter { $0.value <= line }.max { $0.value < $1.value }?.key
    }
}

/// A reading position tied to content rather than to a line number: a block of a post and how far into it.
public struct ContentAnchor: Hashable, Sendable {
    /// The block as it was laid out when the anchor was taken (an offset scales with its length when it rewraps).
    public var block: ThreadMeasure.Block
    /// Lines from the block's first line.
    public var offset: Int

    public init(block: ThreadMeasure.Block, offset: Int) {
        self.block = block
        self.offset = offset
    }
}
