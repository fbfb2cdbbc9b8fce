import Foundation
import StackAPI
import XCTest
@testable import TextEngine

/// Checks a rendered body against its source HTML: no text lost, code blocks exact, entities decoded once,
/// no line wider than the render width.
enum BodyCheck {
    /// Characters the renderer adds around text (quote bars, table separators, code continuation marks).
    private static let decorations: Set<Character> = ["↪", "│"]

    /// Renders `html` at `width` and records every failure with `label` in the message.
    static func verify(_ html: String, width: Int, label: String, file: StaticString = #filePath, line: UInt = #line) {
        let document = HTMLRenderer.render(html: html, width: width)
        for (index, rendered) in document.lines.enumerated() where TextWidth.of(rendered.text) > width || rendered.width > width {
            XCTFail("\(label) @\(width): line \(index) is \(TextWidth.of(rendered.text)) columns: \(rendered.text)", file: file, line: line)
            break
        }
        let body = document.lines.prefix(document.bodyLineCount).map(\.text).joined(separator: "\n")
        let stream = Array(squeezed(body).utf8)
        var cursor = 0
        var missing: [String] = []
        for word in sourceWords(html) {
            let needle = Array(squeezed(word).utf8)
            guard !needle.isEmpty else { continue }
            if let found = find(needle, in: stream, from: cursor) {
                cursor = found + needle.count
            } else if find(needle, in: stream, from: 0) == nil {
                missing.append(word)
            }
        }
        XCTAssert(missing.isEmpty, "\(label) @\(width): words lost: \(missing.prefix(10))", file: file, line: line)
        XCTAssertEqual(document.codeBlocks, sourceCodeBlocks(html), "\(label) @\(width): code blocks differ", file: file, line: line)
        let decoded = sourceText(html)
        for entity in ["&lt;", "&gt;", "&amp;", "&quot;", "&#39;"] {
            XCTAssertLessThanOrEqual(body.components(separatedBy: entity).count, decoded.components(separatedBy: entity).count,
                                     "\(label) @\(width): \(entity) left undecoded", file: file, line: line)
        }
    }

    /// The text content of `html`, tags stripped and entities decoded (independently of the renderer's tokenizer).
    static func sourceText(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "\r\n", with: "\n")
        for pattern in ["(?is)<script\\b.*?</script>", "(?is)<style\\b.*?</style>", "(?s)<!--.*?-->",
                        "</?[A-Za-z][A-Za-z0-9]*(\\s[^<>]*)?/?>"] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return HTMLEntities.decode(text)
    }

    /// The whitespace-separated words of the source's text content.
    static func sourceWords(_ html: String) -> [String] {
        sourceText(html).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The decoded text of every `<pre>` element of the source.
    static func sourceCodeBlocks(_ html: String) -> [String] {
        let normalised = html.replacingOccurrences(of: "\r\n", with: "\n")
        let regex = try! NSRegularExpression(pattern: "(?is)<pre\\b[^>]*>(.*?)</pre>")
        let range = NSRange(normalised.startIndex..., in: normalised)
        return regex.matches(in: normalised, range: range).map { match in
            let inner = String(normalised[Range(match.range(at: 1), in: normalised)!])
            let stripped = inner.replacingOccurrences(of: "</?[A-Za-z][A-Za-z0-9]*(\\s[^<>]*)?/?>", with: "", options: .regularExpression)
            return HTMLEntities.decode(stripped)
        }
    }

    /// Text with whitespace and renderer decorations removed, so wrapped and broken words compare whole.
    private static func squeezed(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && !decorations.contains($0) })
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var index = start
                let last = hay.count - pin.count
                while index <= last {
                    if hay[index] == pin[0], memcmp(hay.baseAddress! + index, pin.baseAddress!, pin.count) == 0 { return index }
                    index += 1
                }
                return nil
            }
        }
    }
}
