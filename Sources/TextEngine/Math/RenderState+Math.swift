import Foundation
import TeXMath

/// Math in a body's text (on MathJax sites): inline formulas as atomic spans in the paragraph, display formulas as
/// blocks of their own, centred; whatever the engine cannot read stays as written, in the code colour.
extension RenderState {
    static let mathStyle = CellStyle(color: .math)
    private static let sourceStyle = CellStyle(color: .code)

    /// Adds a text run (sanitized, outside code) that may hold math.
    mutating func addTextWithMath(_ text: String, _ options: MathOptions) {
        for segment in MathSpans.split(text, options.delimiters) {
            switch segment {
            case .text(let plain):
                let style = styles.style
                withInline { $0.appendCollapsing(plain, style: style) }
            case .inline(let tex): appendInlineMath(tex, display: false, options)
            case .display(let tex):
                if table != nil { appendInlineMath(tex, display: true, options) } else { writeDisplayMath(tex, options) }
            }
        }
    }

    /// A formula inside the paragraph: rendered on one line, its spaces unbreakable when it fits the column (so
    /// wrapping never splits it), else as written.
    private mutating func appendInlineMath(_ tex: String, display: Bool, _ options: MathOptions) {
        guard !options.showsSource, case .rendered(let lines) = typeset(tex, displayWidth: nil), let line = lines.first else {
            appendMathSource(options.source(of: tex, display: display), options)
            return
        }
        var style = styles.style
        if style.color == .normal || style.color == .accent { style.color = .math }
        loneFormula = table == nil && !inline.hasContent ? (tex, line) : nil
        if table == nil, inlinePlacements.count + paragraphFormulas.count < RenderLimits.inlineFormulas {
            paragraphFormulas.append((line, options.source(of: tex, display: display)))
        }
        if TextWidth.of(line) <= writer.contentWidth {
            withInline { $0.appendUnbreakable(line, style: style) }
        } else {
            withInline { $0.appendVerbatim(line, style: style) }
        }
    }

    /// The open paragraph's inline formulas placed at `rows`, the rows it was written on.
    mutating func placeParagraphFormulas(rows: Range<Int>) {
        guard !paragraphFormulas.isEmpty else { return }
        for formula in paragraphFormulas {
            inlinePlacements.append(FormulaPlacement(rows: rows, shown: formula.shown, text: formula.text))
        }
        paragraphFormulas = []
    }

    /// Draws the paragraph as display math when it holds only `lone` and its display takes several lines; false
    /// (nothing done) otherwise.
    mutating func displayLoneFormula(_ lone: (tex: String, shown: String)) -> Bool {
        guard let math, !math.showsSource else { return false }
        let text = NoBreakSpaces.released(inline.spans.map(\.text).joined())
        guard text.trimmingCharacters(in: .whitespaces) == lone.shown,
              case .rendered(let lines) = typeset(lone.tex, displayWidth: max(1, writer.contentWidth - 2)),
              lines.count > 1 else { return false }
        inline = InlineText()
        writeDisplayLines(lines, source: math.source(of: lone.tex, display: false))
        return true
    }

    /// `tex` inline (`displayWidth` nil) or as display math; each formula is typeset once in the process (TeXMath's
    /// cache: `|ψ⟩` and the like recur through a post, and a layout done again finds every formula typeset).
    private func typeset(_ tex: String, displayWidth: Int?) -> MathResult {
        displayWidth.map { mathRenderer.display(tex, maxWidth: $0) } ?? mathRenderer.inline(tex)
    }

    /// TeX shown as written: in the math colour when the reader asked for source, else (unreadable) in the code colour.
    private mutating func appendMathSource(_ source: String, _ options: MathOptions) {
        let style = options.showsSource ? Self.mathStyle : Self.sourceStyle
        withInline { $0.appendCollapsing(source, style: style) }
    }

    /// A display formula as a block of its own: two-dimensional lines centred in the column, or (too wide, or one
    /// line) a paragraph of its inline form; its TeX is kept as a copyable block.
    private mutating func writeDisplayMath(_ tex: String, _ options: MathOptions) {
        closeParagraph()
        let source = options.source(of: tex, display: true)
        guard !options.showsSource, case .rendered(let lines) = typeset(tex, displayWidth: max(1, writer.contentWidth - 2))
        else {
            let first = writer.nextBlockRow
            writer.writeParagraph([StyledSpan(source, style: options.showsSource ? Self.mathStyle : Self.sourceStyle)])
            mathPlacements.append(CodeBlockPlacement(rows: first..<writer.lines.count, text: source))
            return
        }
        writeDisplayLines(lines, source: source)
    }

    /// A rendered display: several lines centred in the column, or one line as a paragraph (wrapped if it must be).
    private mutating func writeDisplayLines(_ lines: [String], source: String) {
        let first = writer.nextBlockRow
        if lines.count == 1 {
            writer.writeParagraph([StyledSpan(lines[0], style: Self.mathStyle)])
        } else {
            let widest = lines.map { TextWidth.of($0) }.max() ?? 0
            let indent = String(repeating: " ", count: max(2, (writer.contentWidth - widest) / 2))
            writer.writeLines(lines.map { StyledLine([StyledSpan(indent + $0, style: Self.mathStyle)]) })
        }
        mathPlacements.append(CodeBlockPlacement(rows: first..<writer.lines.count, text: source))
    }
}
