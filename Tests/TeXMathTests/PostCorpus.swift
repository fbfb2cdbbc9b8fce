import Foundation
import TeXMath

/// The math spans of a data dump's posts (real Stack Exchange content, CC BY-SA, read by path): bodies from
/// `Posts.xml`, `<code>`/`<pre>` contents dropped, text runs between tags decoded and split with `MathSpans`.
struct PostCorpus {
    struct Span {
        let post: Int
        let tex: String
        let display: Bool
    }

    /// Every span, in post order, and each post's macros.
    var spans: [Span] = []
    var macros: [Int: MacroTable] = [:]
    var posts = 0

    /// The shared data folder: `$STACKTERM_DATA`, else `../shared/data` beside the package.
    static var dataFolder: URL {
        if let path = ProcessInfo.processInfo.environment["STACKTERM_DATA"] { return URL(fileURLWithPath: path) }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    /// The spans of `dump`'s posts; nil when the dump is absent.
    init?(dump: String) {
        let url = PostCorpus.dataFolder.appendingPathComponent("dumps/\(dump)/Posts.xml")
        guard let data = try? Data(contentsOf: url) else { return nil }
        let xml = String(decoding: data, as: UTF8.self)
        for line in xml.split(separator: "\n") where line.contains("<row ") {
            guard let id = PostCorpus.attribute("Id", in: line).flatMap({ Int($0) }),
                  let body = PostCorpus.attribute("Body", in: line) else { continue }
            posts += 1
            var texts: [String] = []
            for run in PostCorpus.textRuns(ofHTML: PostCorpus.decodeEntities(body)) {
                for segment in MathSpans.split(PostCorpus.decodeEntities(run), .standard) {
                    switch segment {
                    case .text: break
                    case .inline(let tex): spans.append(Span(post: id, tex: tex, display: false)); texts.append(tex)
                    case .display(let tex): spans.append(Span(post: id, tex: tex, display: true)); texts.append(tex)
                    }
                }
            }
            if !texts.isEmpty { macros[id] = MacroTable(collectingFrom: texts) }
        }
    }

    static func attribute(_ name: String, in line: Substring) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// The text between tags, outside `<code>` and `<pre>` elements (still entity-encoded).
    static func textRuns(ofHTML html: String) -> [String] {
        var runs: [String] = []
        var current = ""
        var skipping = 0
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            if skipping == 0 { current += rest[..<open] }
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close].lowercased()
            let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" && !tag.hasPrefix("/") }).first.map(String.init) ?? ""
            if name == "code" || name == "pre" { skipping += 1 }
            if name == "/code" || name == "/pre" { skipping = max(0, skipping - 1) }
            if !current.isEmpty { runs.append(current); current = "" }
            rest = rest[rest.index(after: close)...]
        }
        if skipping == 0 { current += rest }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#39;` `&#xA;` `&nbsp;` decoded.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(10).firstIndex(of: ";"), let decoded = entity(String(after[..<semi])) {
                result += decoded
                rest = after[after.index(after: semi)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func entity(_ name: String) -> String? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return "\u{A0}"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap { Unicode.Scalar($0) }.map { String(Character($0)) }
        }
    }
}
