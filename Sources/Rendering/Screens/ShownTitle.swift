import TeXMath
import TextEngine

/// A question's title as every screen shows it: control characters taken out, then (on a math site) its formulas
/// typeset — the one place lists, the feed, the thread header and linked questions make it.
enum ShownTitle {
    /// `title` sanitized, its formulas typeset as `math` says (nil: as written).
    static func of(_ title: String, math: MathOptions?) -> String {
        MathText.line(TerminalSafety.sanitize(title), options: math)
    }
}
