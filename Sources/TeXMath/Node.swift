/// TeX's atom classes, which decide the spacing between neighbours (The TeXbook, Appendix G, Rule 20).
enum MathClass: Sendable {
    /// `inner` is a `\left…\right` group: spaced as an ordinary atom, but a function name touches it (`sin(x)`).
    case ord, op, bin, rel, open, close, punct, inner
}

/// A symbol: its Unicode and ASCII forms and its class.
struct Atom: Sendable {
    var text: String
    var ascii: String
    var mathClass: MathClass
    /// A big operator or function taking limits above and below in display (`\sum`, `\lim`).
    var limits = false
    /// A function name (`sin`): in ASCII output kept apart from neighbouring letters.
    var isWord = false

    init(_ text: String, ascii: String? = nil, _ mathClass: MathClass = .ord, limits: Bool = false, isWord: Bool = false) {
        self.text = text
        self.ascii = ascii ?? text
        self.mathClass = mathClass
        self.limits = limits
        self.isWord = isWord
    }
}

/// How a fraction is set: `\frac` follows the style around it, `\dfrac` is always stacked in display math,
/// `\tfrac` always on one line.
enum FractionStyle: Sendable { case normal, stacked, linear }

/// Accents: a combining mark when the base is one character, else the named linear form.
enum Accent: String, Sendable {
    case hat, check, tilde, bar, overline, underline, vec, dot, ddot, dddot, acute, grave, breve, ring, strike
}

/// How a grid's columns are set and what surrounds it.
struct Grid: Sendable {
    enum Kind: Sendable { case matrix, cases, aligned, gather, array }
    enum Alignment: Sendable { case left, center, right }
    var kind: Kind
    var rows: [[Node]]
    var open: String = ""
    var close: String = ""
    /// Per column, for `array`; others derive it from the kind.
    var alignments: [Alignment] = []
}

/// The parsed formula.
indirect enum Node: Sendable {
    case atom(Atom)
    case row([Node])
    /// Text from `\text{…}` and friends, spaces kept.
    case text(String)
    /// Blank columns (`\,` `\quad` …).
    case space(Int)
    case fraction(Node, Node, FractionStyle)
    case binomial(Node, Node)
    case radical(Node, index: Node?)
    /// Superscript and subscript; `limits` sets them above and below in display math.
    case scripts(Node, sup: Node?, sub: Node?, limits: Bool)
    case fenced(String, Node, String)
    case accent(Node, Accent)
    case grid(Grid)
    /// Blank space as wide as the node (`\phantom`).
    case phantom(Node)
    /// A node given a class (`\mathrel`, `\mathbin`, `\operatorname` …).
    case classed(Node, MathClass)

    /// The class that decides spacing; nil for explicit space.
    var mathClass: MathClass? {
        switch self {
        case .atom(let atom): return atom.mathClass
        case .scripts(let base, _, _, _): return base.mathClass ?? .ord
        case .classed(_, let mathClass): return mathClass
        case .space: return nil
        case .fenced: return .inner
        default: return .ord
        }
    }

    /// An empty ordinary atom (`{}`), which takes part in spacing but shows nothing. (Computed: a stored
    /// indirect enum hides its pointer in spare bits, which LeakSanitizer then reports as a leak.)
    static var empty: Node { .row([]) }

    /// The node inside a group of one (`{=}` → `=`), for commands that take their class from the argument.
    var unwrapped: Node {
        if case .row(let nodes) = self, nodes.count == 1 { return nodes[0].unwrapped }
        return self
    }
}
