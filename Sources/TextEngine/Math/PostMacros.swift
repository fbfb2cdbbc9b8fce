import TeXMath

/// The macros a post defines (`\newcommand`, `\def`…) in any of its formulas, so each formula can use them.
enum PostMacros {
    /// The definers' names after their backslash, as bytes.
    private static let definers = ["newcommand", "renewcommand", "providecommand", "def", "gdef", "DeclareMathOperator"]
        .map { Array($0.utf8) }

    /// The definitions in the math of `html`'s text outside code; empty (and cheap) when it names no definer.
    static func collect(html: String, _ delimiters: MathDelimiters) -> MacroTable {
        guard namesADefiner(html) else { return MacroTable() }
        var table = MacroTable()
        var tokenizer = HTMLTokenizer(html)
        var codeDepth = 0
        while let token = tokenizer.next() {
            switch token {
            case .startTag(let element, _, let selfClosing) where element == .code || element == .pre:
                if !selfClosing { codeDepth += 1 }
            case .endTag(let element) where element == .code || element == .pre:
                codeDepth = max(0, codeDepth - 1)
            case .text(let text) where codeDepth == 0:
                for segment in MathSpans.split(text, delimiters) {
                    switch segment {
                    case .inline(let tex), .display(let tex): table.collect(from: tex)
                    case .text: break
                    }
                }
            default: break
            }
        }
        return table
    }

    /// Whether a backslash in `html` is followed by a definer's name: one pass over the bytes, no Foundation search.
    static func namesADefiner(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                defer { index += 1 }
                guard bytes[index] == UInt8(ascii: "\\") else { continue }
                let rest = bytes[(index + 1)...]
                if definers.contains(where: { rest.starts(with: $0) }) { return true }
            }
            return false
        }
    }
}
