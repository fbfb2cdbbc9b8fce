import Foundation
import StackAPI

/// The words the full-text indexes are given and asked for: a body's text with each word once, a title's length
/// in words, and a search word split as the index's tokenizer splits it.
///
/// A search asks `post_fts` whether each word occurs (never for a phrase), so a word's later occurrences in a body
/// add tokenizing and index work and little else (bm25 then counts a word once per column, and a body's length in
/// distinct words); `body(ofHTML:)` drops them before SQLite sees the text. A word there is a run of ASCII letters
/// and digits and non-ASCII bytes (the tokenizer may split the latter further: every token of the text is still
/// given at least once), compared with ASCII case folded. Two different words longer than eight bytes whose 64-bit
/// hashes collide count as one (odds about 1 in 10^14 per body). The result is a function of the HTML alone: a
/// contentless index forgets a row only when given the very text it went in with.
public enum IndexText {
    /// `<p>A b a</p><p>B c</p>` → `A b c`.
    public static func body(ofHTML html: String) -> String {
        var html = html
        return html.withUTF8 { bytes in
            guard !bytes.isEmpty else { return "" }
            let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            defer { text.deallocate() }
            let stripped = UnsafeBufferPointer(rebasing: text[..<HTMLText.copyTextForIndex(bytes, into: text.baseAddress!)])
            guard let base = stripped.baseAddress, memchr(base, Int32(UInt8(ascii: "&")), stripped.count) != nil else {
                return distinctWords(stripped)
            }
            return distinctWords(HTMLEntities.decode(String(decoding: stripped, as: UTF8.self)))
        }
    }

    /// Each word of `text` once, in order of first occurrence, separated by one space.
    public static func distinctWords(_ text: String) -> String {
        var text = text
        return text.withUTF8 { distinctWords($0) }
    }

    /// Each word of the UTF-8 `bytes` once. A word's folded bytes are gathered eight to a 64-bit chunk and each
    /// chunk mixed into its hash (a byte-at-a-time hash was most of an import's text work); a word of at most
    /// eight bytes is its chunk, and the mixing is a bijection, so two such words never collide.
    static func distinctWords(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard !bytes.isEmpty else { return "" }
        var seen = HashSet(capacity: bytes.count / 8)
        defer { seen.deallocate() }
        return foldedWordBytes.withUnsafeBufferPointer { fold in
            String(unsafeUninitializedCapacity: bytes.count) { output in
                copyDistinctWords(of: bytes, folding: fold, into: output, seen: &seen)
            }
        }
    }

    /// Copies each word of `bytes` not in `seen` into `output`, space-separated; returns the bytes written.
    private static func copyDistinctWords(
        of bytes: UnsafeBufferPointer<UInt8>, folding fold: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutableBufferPointer<UInt8>, seen: inout HashSet
    ) -> Int {
        var count = 0
        var index = 0
        let end = bytes.count
        while index < end {
            var folded = fold[Int(bytes[index])]
            guard folded != 0 else { index += 1; continue }
            let start = index
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var chunk: UInt64 = 0
            var shift: UInt64 = 0
            repeat {
                chunk |= UInt64(folded) << shift
                shift += 8
                if shift == 64 {
                    hash = mix(hash ^ chunk)
                    chunk = 0
                    shift = 0
                }
                index += 1
                folded = index < end ? fold[Int(bytes[index])] : 0
            } while folded != 0
            guard seen.insert(mix(hash ^ chunk)) else { continue }
            if count > 0 {
                output[count] = 0x20
                count += 1
            }
            let length = index - start
            UnsafeMutableRawPointer(output.baseAddress! + count).copyMemory(from: bytes.baseAddress! + start, byteCount: length)
            count += length
        }
        return count
    }

    /// A bijective 64-bit mix (multiply by an odd constant, then fold the high half into the low).
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 32)
    }

    /// For each byte: 0 when it separates words, else the byte with ASCII case folded. Word bytes are ASCII
    /// letters and digits and every non-ASCII byte (the tokenizer may split the latter further).
    private static let foldedWordBytes: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), 0x80...0xFF: UInt8(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) | 0x20
        default: 0
        }
    }

    /// `word` split where the `unicode61` tokenizer splits it: tokens are runs of letters, digits, private-use
    /// characters and the Latin combining accents it folds away; everything else separates. `don't` → `don`, `t`.
    static func tokens(of word: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            if isTokenScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                tokens.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    /// How many tokens `title` holds (what bm25 calls its length).
    static func wordCount(_ title: String) -> Int {
        var count = 0
        var inToken = false
        for scalar in title.unicodeScalars {
            let isToken = isTokenScalar(scalar)
            if isToken && !inToken { count += 1 }
            inToken = isToken
        }
        return count
    }

    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
        if (0x300...0x36F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }
}

/// A set of 64-bit hashes with open addressing in memory of its own (freed by `deallocate`), kept at most half
/// full; 0 marks an empty slot (a zero hash is stored as 1).
private struct HashSet {
    private var slots: UnsafeMutableBufferPointer<UInt64>
    private var count = 0

    init(capacity: Int) {
        var size = 64
        while size < capacity * 2 { size <<= 1 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: 0)
    }

    func deallocate() { slots.deallocate() }

    /// Adds `hash`; false when it was there already.
    @inline(__always)
    mutating func insert(_ hash: UInt64) -> Bool {
        let value = hash == 0 ? 1 : hash
        if count * 2 >= slots.count { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: value ^ (value >> 29)) & mask
        while slots[index] != 0 {
            if slots[index] == value { return false }
            index = (index + 1) & mask
        }
        slots[index] = value
        count += 1
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = .allocate(capacity: old.count * 2)
        slots.initialize(repeating: 0)
        count = 0
        for value in old where value != 0 { _ = insert(value) }
        old.deallocate()
    }
}
