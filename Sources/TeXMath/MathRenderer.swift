/// Which characters a rendering may use.
public enum MathStyle: Sendable, Hashable {
    /// Unicode symbols, scripts, alphabets and box-drawing pieces (the default).
    case unicode
    /// ASCII only: `sqrt(2)`, `alpha`, `<=`, `---` rules, `/ | \` brackets. (Symbols typed as themselves in the
    /// TeX, such as `⊗`, get their ASCII form too; other non-ASCII text the author wrote, as in `\text{café}`, stays.)
    case ascii
}

/// What a render gives: lines of text, or the reason the caller should show the TeX source instead.
///
/// A formula with a command the engine does not know, or TeX it cannot parse, is `.source` as a whole: nothing
/// is dropped or half-rendered, and a `.rendered` result never holds a TeX command (no leftover to report).
public enum MathResult: Sendable, Equatable {
    /// The rendering: one line for inline math, one or more for display math.
    case rendered([String])
    /// Show the source; `reason` says why (e.g. `unknown command \foo`).
    case source(reason: String)

    /// The rendered lines, or nil for `.source`.
    public var lines: [String]? {
        if case .rendered(let lines) = self { return lines }
        return nil
    }
}

/// Renders TeX math (as MathJax sites write it) for a terminal: inline on one line, display in two dimensions.
public struct MathRenderer: Sendable {
    /// The glyph repertoire used.
    public let style: MathStyle
    /// Macros the post defines (collect them from all its spans first).
    public let macros: MacroTable

    /// A renderer with the given style and the post's macros.
    public init(style: MathStyle = .unicode, macros: MacroTable = .init()) {
        self.style = style
        self.macros = macros
    }

    /// `tex` on one line (fractions as `a/b`, scripts as `x²` or `x^(k+1)`, matrices as `(a, b; c, d)`).
    public func inline(_ tex: String) -> MathResult {
        FormulaCache.shared.result(for: key(tex, .inline)) { typesetInline(tex) }
    }

    /// `tex` in two dimensions; the inline form (one line) when the display is wider than `maxWidth` columns or
    /// taller than 120 lines.
    public func display(_ tex: String, maxWidth: Int) -> MathResult {
        switch FormulaCache.shared.display(for: key(tex, .display), { typesetDisplay(tex) }) {
        case .lines(let lines, let width): width <= maxWidth ? .rendered(lines) : inline(tex)
        case .inlineOnly(let result): result
        case .source(let reason): .source(reason: reason)
        }
    }

    /// The cache's key for `tex` in `form` with this renderer's glyphs and macros.
    func key(_ tex: String, _ form: FormulaCache.Key.Form) -> FormulaCache.Key {
        FormulaCache.Key(tex: tex, style: style, macros: macros, form: form)
    }

    /// `tex` on one line, typeset now.
    private func typesetInline(_ tex: String) -> MathResult {
        do {
            return inline(try Parser.parse(tex, macros: macros))
        } catch let error as TeXError {
            return .source(reason: error.reason)
        } catch {
            return .source(reason: "\(error)")
        }
    }

    /// The parsed formula `node` on one line.
    private func inline(_ node: Node) -> MathResult {
        do {
            let text = try Layout(ascii: style == .ascii).linear(node, script: false)
            return .rendered([MathRenderer.trimmed(text)])
        } catch let error as TeXError {
            return .source(reason: error.reason)
        } catch {
            return .source(reason: "\(error)")
        }
    }

    /// `tex` in two dimensions, typeset now, whatever the width.
    private func typesetDisplay(_ tex: String) -> DisplayTypeset {
        let node: Node
        do {
            node = try Parser.parse(tex, macros: macros)
        } catch let error as TeXError {
            return .source(reason: error.reason)
        } catch {
            return .source(reason: "\(error)")
        }
        do {
            let box = try Layout(ascii: style == .ascii).box(node, Layout.Context(display: true))
            var lines = box.lines.map { MathRenderer.trimmedEnd($0) }
            while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
            while lines.count > 1, lines.first?.isEmpty == true { lines.removeFirst() }
            if lines.count > TeXLimits.lines { return .inlineOnly(inline(node)) }
            if lines.count == 1 { return .lines([MathRenderer.trimmed(lines[0])], width: box.width) }
            return .lines(lines, width: box.width)
        } catch let error as TeXError {
            if error == Layout.tooLarge || error == Layout.tooTall { return .inlineOnly(inline(node)) }
            return .source(reason: error.reason)
        } catch {
            return .source(reason: "\(error)")
        }
    }

    static func trimmed(_ text: String) -> String {
        // A first or last character that is a space is the byte 0x20 itself: no such byte, nothing to trim.
        if text.utf8.first != 0x20 && text.utf8.last != 0x20 { return text }
        return String(trimmedEnd(text).drop(while: { $0 == " " }))
    }

    static func trimmedEnd(_ text: String) -> String {
        if text.utf8.last != 0x20 { return text }
        var result = Substring(text)
        while result.last == " " { result.removeLast() }
        return String(result)
    }
}

extension Parser {
    /// Parses a whole formula.
    static func parse(_ tex: String, macros: MacroTable) throws -> Node {
        var parser = try Parser(tex, macros: macros)
        return try parser.parseFormula()
    }
}
