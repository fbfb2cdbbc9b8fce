/// Bodies of TeX hostile to a math site's renderer (issue 30's bounds): each formula inside one paragraph.
public enum HostileTeX: String, CaseIterable, Sendable {
    /// 100,000 nested braces in an inline formula.
    case braces
    /// A display formula of 1 MB.
    case megabyte
    /// `\frac` nested 10,000 deep.
    case frac
    /// A matrix of 5,000 columns.
    case matrix
    /// The four, one paragraph each.
    case all

    /// The body: a short paragraph saying what follows, then the formula(s).
    var body: String {
        let kinds: [HostileTeX] = self == .all ? [.braces, .megabyte, .frac, .matrix] : [self]
        return "<p>Hostile TeX follows.</p>" + kinds.map { "<p>" + $0.formula + "</p>" }.joined()
    }

    /// The formula of one kind, delimiters included (empty for `all`).
    private var formula: String {
        switch self {
        case .braces: "$" + String(repeating: "{", count: 100_000) + "x" + String(repeating: "}", count: 100_000) + "$"
        case .megabyte: "$$" + String(repeating: "x+", count: 500_000) + "$$"
        case .frac: "$$" + String(repeating: "\\frac{1}{", count: 10_000) + "x" + String(repeating: "}", count: 10_000) + "$$"
        case .matrix: "$$\\begin{pmatrix}" + String(repeating: "1 & ", count: 4_999) + "1\\end{pmatrix}$$"
        case .all: ""
        }
    }
}
