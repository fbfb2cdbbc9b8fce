/// Math in one line of plain text (a title, a snippet, a banner): each formula rendered inline, or left as written.
public enum MathText {
    /// `text` with its formulas rendered on one line (`Prove that √2 is irrational`); a formula the engine cannot
    /// read, every formula when `options` shows source, and all of `text` when `options` is nil stay as written
    /// (`\$` still turns into `$` on a math site, as the site's page shows it). Titles drawn in every frame come
    /// from the process's cache of typeset formulas after the first time.
    public static func line(_ text: String, options: MathOptions?) -> String {
        guard let options, text.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") }) else {
            return text
        }
        let renderer = MathRenderer(style: options.style)
        let key = renderer.key(text, .line(options.delimiters, showsSource: options.showsSource))
        return FormulaCache.shared.line(for: key) { typeset(text, renderer, options) }
    }

    /// `text` with its formulas rendered, typeset now.
    private static func typeset(_ text: String, _ renderer: MathRenderer, _ options: MathOptions) -> String {
        var result = ""
        for segment in MathSpans.split(text, options.delimiters) {
            switch segment {
            case .text(let plain): result += plain
            case .inline(let tex): result += inline(tex, display: false, renderer, options)
            case .display(let tex): result += inline(tex, display: true, renderer, options)
            }
        }
        return result
    }

    private static func inline(_ tex: String, display: Bool, _ renderer: MathRenderer, _ options: MathOptions) -> String {
        guard !options.showsSource, case .rendered(let lines) = renderer.inline(tex), let line = lines.first else {
            return options.source(of: tex, display: display)
        }
        return line
    }
}
