import TeXMath

/// The macros a post defines (`\newcommand`, `\def`…) in any of its formulas, so each formula can use them.
enum PostMacros {
    private static let definers = ["\\newcommand", "\\renewcommand", "\\providecommand", "\\def", "\\gdef", "\\DeclareMathOperator"]

    /// The definitions in the math of `html`'s text outside code; empty (and cheap) when it names no definer.
    static func collect(html: String, _ delimiters: MathDelimiters) -> MacroTable {
        guard definers.contains(where: { html.contains($0) }) else { return MacroTable() }
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
}
