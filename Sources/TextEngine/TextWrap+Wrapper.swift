extension TextWrap {
    /// Accumulates words and spaces into lines. A word is kept as pieces (their UTF-8 bytes side by side, each with
    /// its width and style), so ASCII text is measured from its bytes; only a word too long for a line is cut
    /// grapheme by grapheme.
    struct Wrapper {
        let width: Int
        var lines: [StyledLine] = []
        var line = LineBuilder()
        /// Spaces seen since the last word (count and style); written only if a word follows on the same line.
        var pendingSpaces: [(count: Int, style: CellStyle)] = []
        /// The bytes of the word being collected, its pieces in order.
        var wordBytes: [UInt8] = []
        /// The word's pieces: where each ends in `wordBytes`, its width and its style.
        var word: [(end: Int, width: Int, style: CellStyle)] = []
        var wordWidth = 0
        /// True to go grapheme by grapheme even where every scalar is a grapheme of its own.
        var graphemesOnly = false

        init(width: Int) { self.width = width }

        /// Splits `text` at ASCII spaces, tabs and newlines (found from its bytes); a run of ASCII bytes is
        /// measured from its bytes, only a run holding other characters goes scalar or grapheme by grapheme.
        mutating func add(_ text: String, style: CellStyle) {
            var text = text
            text.withUTF8 { add(bytes: $0, style: style) }
        }

        private mutating func add(bytes: UnsafeBufferPointer<UInt8>, style: CellStyle) {
            var runStart = 0
            var runIsASCII = true
            var runWidth = 0
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                    // A CR ends no word ("ab\rcd" is one word), so only a space, tab or newline lets a run be placed.
                    if !(byte != 0x0D && runIsASCII && placeWholeWord(run, width: runWidth, style: style)) {
                        addRun(run, isASCII: runIsASCII, width: runWidth, style: style)
                    }
                    if byte == 0x0A { hardBreak() } else if byte != 0x0D { addSpace(style) }
                    runStart = index + 1
                    runIsASCII = true
                    runWidth = 0
                } else if byte >= 0x80 {
                    runIsASCII = false
                } else if byte >= 0x20 && byte != 0x7F {
                    runWidth += 1
                }
            }
            addRun(UnsafeBufferPointer(rebasing: bytes[runStart...]), isASCII: runIsASCII, width: runWidth, style: style)
        }

        /// An ASCII run ending a word that began with it (the common case) put on the line straight from the span's
        /// bytes, as `flushWord` would put it, when it fits on this line or the next; false (nothing done) otherwise.
        private mutating func placeWholeWord(_ run: UnsafeBufferPointer<UInt8>, width runWidth: Int, style: CellStyle) -> Bool {
            guard word.isEmpty, !run.isEmpty, runWidth <= width else { return false }
            let spaces = line.isEmpty ? 0 : pendingSpaces.reduce(0) { $0 + $1.count }
            if line.width + spaces + runWidth <= width {
                if !line.isEmpty {
                    for run in pendingSpaces {
                        line.appendSpaces(run.count, style: run.style)
                    }
                }
            } else if !line.isEmpty {
                breakLine()
            }
            pendingSpaces.removeAll()
            line.append(run, width: runWidth, style: style)
            return true
        }

        /// One run without ASCII white space (`width`: its printable ASCII bytes): part of the current word.
        private mutating func addRun(_ run: UnsafeBufferPointer<UInt8>, isASCII: Bool, width runWidth: Int, style: CellStyle) {
            guard !run.isEmpty else { return }
            if isASCII {
                appendToWord(run, width: runWidth, style: style)
            } else if !graphemesOnly, LoneScalars.containsAll(utf8: run) {
                addLoneScalars(run, style: style)
            } else {
                addGraphemes(String(decoding: run, as: UTF8.self), style: style)
            }
        }

        /// Other text: grapheme by grapheme; a wide grapheme is a word of its own.
        private mutating func addGraphemes(_ text: String, style: CellStyle) {
            for character in text {
                let characterWidth = TextWidth.of(character)
                if characterWidth >= 2 { flushWord() }
                appendToWord(character, width: characterWidth, style: style)
                if characterWidth >= 2 { flushWord() }
            }
        }

        /// Text whose every scalar is a grapheme of its own (`LoneScalars`): scalar by scalar, as the grapheme path
        /// would go, each run of narrow scalars kept as one piece of the word.
        private mutating func addLoneScalars(_ run: UnsafeBufferPointer<UInt8>, style: CellStyle) {
            var narrowStart = 0
            var narrowWidth = 0
            var index = 0
            while index < run.count {
                let (scalar, next) = LoneScalars.decode(run, at: index)
                let scalarWidth = TextWidth.of(scalar)
                if scalarWidth >= 2 {
                    if narrowStart < index {
                        appendToWord(UnsafeBufferPointer(rebasing: run[narrowStart..<index]), width: narrowWidth, style: style)
                    }
                    flushWord()
                    appendToWord(UnsafeBufferPointer(rebasing: run[index..<next]), width: scalarWidth, style: style)
                    flushWord()
                    narrowStart = next
                    narrowWidth = 0
                } else {
                    narrowWidth += scalarWidth
                }
                index = next
            }
            if narrowStart < index {
                appendToWord(UnsafeBufferPointer(rebasing: run[narrowStart..<index]), width: narrowWidth, style: style)
            }
        }

        mutating func finish() -> [StyledLine] {
            flushWord()
            if !line.isEmpty || lines.isEmpty { lines.append(line.take()) }
            return lines
        }

        private mutating func appendToWord(_ bytes: UnsafeBufferPointer<UInt8>, width pieceWidth: Int, style: CellStyle) {
            wordBytes.append(contentsOf: bytes)
            closePiece(width: pieceWidth, style: style)
        }

        private mutating func appendToWord(_ character: Character, width pieceWidth: Int, style: CellStyle) {
            wordBytes.append(contentsOf: character.utf8)
            closePiece(width: pieceWidth, style: style)
        }

        /// Ends a piece at the end of `wordBytes` (the bytes added since the previous piece).
        private mutating func closePiece(width pieceWidth: Int, style: CellStyle) {
            word.append((wordBytes.count, pieceWidth, style))
            wordWidth += pieceWidth
        }

        private mutating func addSpace(_ style: CellStyle) {
            flushWord()
            if let last = pendingSpaces.indices.last, pendingSpaces[last].style == style {
                pendingSpaces[last].count += 1
            } else {
                pendingSpaces.append((1, style))
            }
        }

        private mutating func hardBreak() {
            flushWord()
            pendingSpaces.removeAll()
            lines.append(line.take())
        }

        private mutating func breakLine() {
            lines.append(line.take())
        }

        private mutating func flushWord() {
            guard !word.isEmpty else { return }
            defer {
                word.removeAll(keepingCapacity: true)
                wordBytes.removeAll(keepingCapacity: true)
                wordWidth = 0
            }
            let spaces = line.isEmpty ? 0 : pendingSpaces.reduce(0) { $0 + $1.count }
            if line.width + spaces + wordWidth <= width {
                if !line.isEmpty {
                    for run in pendingSpaces {
                        line.appendSpaces(run.count, style: run.style)
                    }
                }
                pendingSpaces.removeAll()
                appendWholeWord()
                return
            }
            pendingSpaces.removeAll()
            if !line.isEmpty { breakLine() }
            if wordWidth <= width {
                appendWholeWord()
                return
            }
            cutWord()
        }

        private mutating func appendWholeWord() {
            var start = 0
            for piece in word {
                line.append(wordBytes[start..<piece.end], width: piece.width, style: piece.style)
                start = piece.end
            }
        }

        /// A word wider than the line: cut between graphemes, each piece on its own.
        private mutating func cutWord() {
            var start = 0
            for piece in word {
                let text = String(decoding: wordBytes[start..<piece.end], as: UTF8.self)
                start = piece.end
                if TextWrap.isPrintableASCII(text[...]) {
                    TextWrap.appendCutting(asciiText: text[...], style: piece.style, width: width, line: &line, lines: &lines)
                    continue
                }
                for character in text {
                    for (text, pieceWidth) in TextWrap.fittingPieces(character, width: width) {
                        if line.width + pieceWidth > width { breakLine() }
                        line.append(text, width: pieceWidth, style: piece.style)
                    }
                }
            }
        }
    }
}
