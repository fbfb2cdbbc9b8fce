/// Makes strings from the network harmless to draw: nothing in them can move the cursor, change the
/// window title, clear the screen, switch character sets or reorder the line.
///
/// Removed: C0 controls (a tab becomes spaces up to the next multiple of 4 columns; `\n` is kept only by
/// the `keepNewlines` variant, otherwise it becomes a space; `\r\n` and a lone `\r` count as `\n`), DEL,
/// C1 controls (U+0080–U+009F), whole escape sequences — CSI `ESC [ … final` and 8-bit CSI U+009B,
/// OSC `ESC ] … (BEL | ESC \ | U+009C)`, DCS/SOS/PM/APC (`ESC P`, `ESC X`, `ESC ^`, `ESC _` and their
/// 8-bit forms) up to ST, and two-byte `ESC x` (with any intermediates, e.g. `ESC ( B`) — and the bidi
/// embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069 and the direction marks U+200E,
/// U+200F and U+061C. An unterminated string sequence (OSC, DCS…) swallows the rest of the text, as a
/// terminal would. `limitCombiningMarks` separately tames runs of combining marks.
public enum TerminalSafety {
    /// `text` with every control character and escape sequence removed (see the type's summary).
    public static func sanitize(_ text: String, keepNewlines: Bool = false) -> String {
        sanitize(text, keepNewlines: keepNewlines, expandTabs: true)
    }

    /// The sanitizer with tabs optionally kept (the HTML renderer expands them itself, per code line).
    static func sanitize(_ text: String, keepNewlines: Bool, expandTabs: Bool) -> String {
        guard needsCleaning(text, keepNewlines: keepNewlines, keepTabs: !expandTabs) else { return text }
        // Works on the UTF-8 bytes, copying each kept scalar's bytes as they are.
        var scanner = Scanner(bytes: Array(text.utf8))
        var output = [UInt8]()
        output.reserveCapacity(scanner.bytes.count)
        var column = 0
        while let (scalar, start) = scanner.next() {
            switch scalar {
            case 0x1B:
                scanner.skipEscapeSequence()
            case 0x9B:
                scanner.skipControlSequence()
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                scanner.skipString()
            case 0x09:
                guard expandTabs else { output.append(0x09); column += 1; continue }
                let spaces = 4 - column % 4
                output.append(contentsOf: repeatElement(0x20, count: spaces))
                column += spaces
            case 0x0A, 0x0D:
                if scalar == 0x0D, scanner.peek() == 0x0A { continue } // \r\n: the \n follows
                output.append(keepNewlines ? 0x0A : 0x20)
                column = keepNewlines ? 0 : column + 1
            case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue
            default:
                output.append(contentsOf: scanner.bytes[start..<scanner.position])
                column += expandTabs ? TextWidth.of(Unicode.Scalar(scalar) ?? "\u{FFFD}") : 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The most combining marks `limitCombiningMarks` keeps after one base character by default: enough for
    /// Vietnamese, Thai or a keycap emoji, far too few for a "Zalgo" storm.
    public static let defaultCombiningMarkLimit = 3

    /// `text` with at most `limit` combining marks (Unicode categories Mn and Me) in a row: the rest of each
    /// run is dropped, so marks cannot pile up over and under neighbouring lines.
    public static func limitCombiningMarks(_ text: String, to limit: Int = defaultCombiningMarkLimit) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        var output = String.UnicodeScalarView()
        var run = 0
        var dropped = false
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                run += 1
                if run > limit { dropped = true; continue }
            default:
                run = 0
            }
            output.append(scalar)
        }
        return dropped ? String(output) : text
    }

    /// Cheap scan of the UTF-8 bytes: true when any byte could start something to remove or change.
    private static func needsCleaning(_ text: String, keepNewlines: Bool, keepTabs: Bool) -> Bool {
        // Nearly every byte is printable ASCII or an ordinary multi-byte one: look closer only when a byte could
        // be a control, or the lead byte of a C1 control (0xC2), a bidi or direction mark (0xE2) or U+061C (0xD8).
        let suspicious = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == 0xD8 }
        } ?? true
        guard suspicious else { return false }
        return text.utf8.withContiguousStorageIfAvailable { hasSomethingToClean($0, keepNewlines: keepNewlines, keepTabs: keepTabs) }
            ?? hasSomethingToClean(Array(text.utf8), keepNewlines: keepNewlines, keepTabs: keepTabs)
    }

    /// The closer look of `needsCleaning`, byte by byte.
    private static func hasSomethingToClean<Bytes: Sequence<UInt8>>(_ bytes: Bytes, keepNewlines: Bool, keepTabs: Bool) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F {
                if !(byte == 0x0A && keepNewlines) && !(byte == 0x09 && keepTabs) { return true }
            }
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }           // C1
            if beforePrevious == 0xE2, previous == 0x80, (0xAA...0xAE).contains(byte) { return true } // U+202A–E
            if beforePrevious == 0xE2, previous == 0x80, byte == 0x8E || byte == 0x8F { return true }  // U+200E–F
            if previous == 0xD8, byte == 0x9C { return true }                                            // U+061C
            if beforePrevious == 0xE2, previous == 0x81, (0xA6...0xA9).contains(byte) { return true } // U+2066–9
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// Walks the scalars of valid UTF-8 (a String's bytes), skipping escape sequences whole.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        /// The next scalar's value and the index of its first byte; nil at the end.
        mutating func next() -> (scalar: UInt32, start: Int)? {
            guard let (value, length) = decode(at: position) else { return nil }
            defer { position += length }
            return (value, position)
        }

        /// The next scalar's value without moving.
        func peek() -> UInt32? { decode(at: position)?.value }

        /// Decodes the scalar starting at `index`: its value and byte length.
        private func decode(at index: Int) -> (value: UInt32, length: Int)? {
            guard index < bytes.count else { return nil }
            let lead = UInt32(bytes[index])
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= bytes.count else { return (0xFFFD, bytes.count - index) }
            var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
            for offset in 1..<max(1, length) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            return (value, length)
        }

        /// After an ESC: skips the rest of the sequence it starts.
        mutating func skipEscapeSequence() {
            guard let introducer = peek() else { return }
            switch introducer {
            case 0x5B: // [
                position += 1
                skipControlSequence()
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: // ] P X ^ _
                position += 1
                skipString()
            default:
                // ESC, any intermediates (0x20–0x2F), then one final byte (0x30–0x7E).
                while let scalar = peek(), (0x20...0x2F).contains(scalar) { position += 1 }
                if let scalar = peek(), (0x30...0x7E).contains(scalar) { position += 1 }
            }
        }

        /// After a CSI: parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E).
        /// Anything else ends the sequence there and is read as ordinary text.
        mutating func skipControlSequence() {
            while let scalar = peek() {
                if (0x20...0x3F).contains(scalar) { position += 1; continue }
                if (0x40...0x7E).contains(scalar) { position += 1 }
                return
            }
        }

        /// After OSC/DCS/SOS/PM/APC: everything up to and including BEL, `ESC \` or ST (U+009C).
        mutating func skipString() {
            while let (scalar, _) = next() {
                if scalar == 0x07 || scalar == 0x9C { return }
                if scalar == 0x1B, peek() == 0x5C { position += 1; return }
            }
        }
    }
}
