import Foundation

/// The double's own small, safe Markdown → HTML for the posts written through it: paragraphs separated by blank
/// lines, fenced (```) and 4-space-indented code blocks as `<pre><code>`, inline `code`, `**bold**`, `*em*` and
/// `[text](http…)` links; every `<`, `>` and `&` of the text is escaped, so no HTML gets through. Linear in the
/// input apart from nested emphasis, which only ever shrinks.
enum MarkdownLite {
    /// A post's body: blocks separated by a blank line, as the sites write them, ending in a newline.
    static func html(_ markdown: String) -> String {
        let lines = markdown.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [String] = []
        var paragraph: [Substring] = []
        func flush() {
            if !paragraph.isEmpty { blocks.append("<p>" + inline(paragraph.joined(separator: "\n")) + "</p>") }
            paragraph = []
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                flush()
                var code: [Substring] = []
                index += 1
                while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                    code.append(lines[index])
                    index += 1
                }
                blocks.append(codeBlock(code))
                index += 1
            } else if paragraph.isEmpty, let code = indented(line) {
                var block = [code]
                index += 1
                while index < lines.count, let more = indented(lines[index]) ?? (isBlank(lines[index]) ? "" : nil) {
                    block.append(more)
                    index += 1
                }
                while block.last.map(isBlank) == true { block.removeLast() }
                blocks.append(codeBlock(block))
            } else if isBlank(line) {
                flush()
                index += 1
            } else {
                paragraph.append(line)
                index += 1
            }
        }
        flush()
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// One line of inline Markdown (a comment): code spans, bold, emphasis and http(s) links, the rest escaped.
    static func inline(_ text: some StringProtocol) -> String {
        var output = ""
        var rest = Substring(text)
        // Once a closing mark is missing after some point it is missing after every later one: stop looking.
        var noMore = Set<String>()
        func closing(_ mark: String, in text: Substring) -> Range<Substring.Index>? {
            guard !noMore.contains(mark) else { return nil }
            let found = text.range(of: mark)
            if found == nil { noMore.insert(mark) }
            return found
        }
        while let first = rest.first {
            if first == "`", let close = closing("`", in: rest.dropFirst()) {
                output += "<code>" + escape(rest[rest.index(after: rest.startIndex)..<close.lowerBound]) + "</code>"
                rest = rest[close.upperBound...]
            } else if rest.hasPrefix("**"), let close = closing("**", in: rest.dropFirst(2)),
                      close.lowerBound > rest.index(rest.startIndex, offsetBy: 2) {
                output += "<strong>" + inline(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]) + "</strong>"
                rest = rest[close.upperBound...]
            } else if first == "*", let next = rest.dropFirst().first, next != " ", next != "*",
                      let close = closing("*", in: rest.dropFirst()) {
                output += "<em>" + inline(rest[rest.index(after: rest.startIndex)..<close.lowerBound]) + "</em>"
                rest = rest[close.upperBound...]
            } else if first == "[", let link = link(at: rest) {
                output += "<a href=\"\(escape(link.url, quotes: true))\" rel=\"nofollow noreferrer\">\(inline(link.text))</a>"
                rest = link.rest
            } else {
                output += escape(String(first))
                rest = rest.dropFirst()
            }
        }
        return output
    }

    /// The longest `[text](address)` looked for, so many `[` cannot make the search quadratic.
    private static let longestLink = 2_000

    /// `[text](http…)` at the start of `text`: only http and https addresses, without spaces.
    private static func link(at text: Substring) -> (text: Substring, url: Substring, rest: Substring)? {
        let window = text.prefix(longestLink)
        guard let middle = window.range(of: "]("), let end = window[middle.upperBound...].firstIndex(of: ")") else { return nil }
        let label = text[text.index(after: text.startIndex)..<middle.lowerBound]
        let url = text[middle.upperBound..<end]
        guard !label.isEmpty, !label.contains("]"), url.hasPrefix("http://") || url.hasPrefix("https://"),
              !url.contains(where: \.isWhitespace) else { return nil }
        return (label, url, text[text.index(after: end)...])
    }

    private static func codeBlock(_ lines: [Substring]) -> String {
        "<pre><code>" + lines.map { escape($0) + "\n" }.joined() + "</code></pre>"
    }

    /// The line without its 4-space (or tab) indent, nil when it has none.
    private static func indented(_ line: Substring) -> Substring? {
        if line.hasPrefix("    ") { return line.dropFirst(4) }
        if line.hasPrefix("\t") { return line.dropFirst() }
        return nil
    }

    private static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy(\.isWhitespace)
    }

    /// `<`, `>`, `&` (and with `quotes` `"`) as entities.
    static func escape(_ text: some StringProtocol, quotes: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"" where quotes: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
