import Foundation
import StackAPI

/// The text of a body's HTML for the full-text index: tags removed, character references decoded once.
///
/// Not a renderer (that is `TextEngine`, which the store may not import): a single pass over the UTF-8 bytes that
/// drops everything from `<` to the next `>`, writing a space for block-level tags so words on either side of a
/// `<p>` or `<br>` stay apart, and nothing for inline ones (`<code>x</code>y` stays one word as displayed).
/// A `<` not followed by a letter, `/` or `!` is text, as browsers read it. Runs of white space collapse to one space.
public enum HTMLText {
    /// `<p>A &amp; <b>B</b></p>` → `A & B`.
    public static func text(ofHTML html: String) -> String {
        var html = html
        var stripped = html.withUTF8 { strip($0) }
        guard stripped.withUTF8({ $0.contains(UInt8(ascii: "&")) }) else { return stripped }
        return HTMLEntities.decode(stripped)
    }

    private static func strip(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            var count = 0
            var pendingSpace = false
            var index = 0
            let end = bytes.count
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<"), index + 1 < end, startsTag(bytes[index + 1]) {
                    var close = index + 1
                    while close < end && bytes[close] != UInt8(ascii: ">") { close += 1 }
                    if isBlock(bytes, from: index + 1, to: close) { pendingSpace = true }
                    index = close + 1
                    continue
                }
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                    pendingSpace = true
                } else {
                    if pendingSpace && count > 0 {
                        output[count] = 0x20
                        count += 1
                    }
                    pendingSpace = false
                    output[count] = byte
                    count += 1
                }
                index += 1
            }
            return count
        }
    }

    /// The HTML's text as the index reads it, into `output` (room for `html.count` bytes); returns the bytes
    /// written. Tags go as in `text(ofHTML:)` (a block-level one leaves a space, an inline one nothing), but white
    /// space is copied as it is and character references are left for the caller: the words are the same, and the
    /// text between tags is found with `memchr` and copied whole instead of a byte at a time.
    static func copyTextForIndex(_ html: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = html.baseAddress else { return 0 }
        let end = html.count
        var count = 0
        var index = 0
        func next(_ byte: UInt8, from start: Int) -> Int {
            let found = memchr(base + start, Int32(byte), end - start)
            return found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? end
        }
        while index < end {
            let stop = next(UInt8(ascii: "<"), from: index)
            (output + count).update(from: base + index, count: stop - index)
            count += stop - index
            guard stop < end else { break }
            guard stop + 1 < end, startsTag(html[stop + 1]) else {
                output[count] = UInt8(ascii: "<")
                count += 1
                index = stop + 1
                continue
            }
            let close = next(UInt8(ascii: ">"), from: stop + 1)
            if isBlock(html, from: stop + 1, to: close) {
                output[count] = 0x20
                count += 1
            }
            index = close + 1
        }
        return count
    }

    private static func startsTag(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// Inline tags (their words run on into the next): a, b, i, em, strong, code, span, sub, sup, kbd, s, del, strike;
    /// names packed into an integer, one byte each, so the check allocates nothing.
    private static let inline: Set<UInt64> = Set(
        ["a", "b", "i", "em", "strong", "code", "span", "sub", "sup", "kbd", "s", "del", "strike"].map { pack(Array($0.utf8)) })

    private static func pack(_ name: [UInt8]) -> UInt64 {
        name.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func isBlock(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        if index < end && bytes[index] == UInt8(ascii: "/") { index += 1 }
        var name: UInt64 = 0
        var length = 0
        while index < end, length < 8 {
            let byte = bytes[index] | 0x20
            guard byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") else { break }
            name = name << 8 | UInt64(byte)
            length += 1
            index += 1
        }
        return !inline.contains(name)
    }
}
