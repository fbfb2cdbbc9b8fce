/// One user macro: its parameter count, the default of an optional first parameter, and its body.
struct Macro: Hashable, Sendable {
    var parameters: Int
    var optionalDefault: [Token]?
    var body: [Token]
    /// For a delimited `\def` (`\def\foo#1.{…}`): the tokens before `#1`, then those after each parameter
    /// (empty: undelimited); blanks left out. Empty for other macros.
    var delimiters: [[Token]] = []
}

/// The macros a post defines with `\newcommand`, `\renewcommand`, `\def` or `\DeclareMathOperator`: collect them
/// from every math span of the post first, then pass the table to each render.
public struct MacroTable: Hashable, Sendable {
    var macros: [String: Macro] = [:]

    /// An empty table.
    public init() {}

    /// A table of the definitions found in `spans` (in order; later definitions win).
    public init(collectingFrom spans: [String]) {
        for span in spans { collect(from: span) }
    }

    /// The number of macros defined.
    public var count: Int { macros.count }

    /// Whether `name` (without its backslash) is defined.
    public func defines(_ name: String) -> Bool { macros[name] != nil }

    /// Adds the definitions found in `tex`; malformed ones are skipped.
    public mutating func collect(from tex: String) {
        guard tex.contains("\\"), let tokens = try? Lexer.tokens(tex, limit: TeXLimits.tokens) else { return }
        var stream = TokenStream(tokens, macros: MacroTable())
        while let token = stream.nextRaw() {
            guard case .command(let name) = token, MacroTable.definers.contains(name) else { continue }
            guard let (macroName, macro) = try? MacroTable.readDefinition(name, from: &stream) else { continue }
            macros[macroName] = macro
        }
    }

    static let definers: Set<String> = ["newcommand", "renewcommand", "providecommand", "def", "gdef", "DeclareMathOperator"]

    /// Reads the rest of a definition after its command (`\newcommand`…): the name and the macro.
    static func readDefinition(_ definer: String, from stream: inout TokenStream) throws -> (String, Macro) {
        _ = stream.skipRawToken(.char("*"))
        var nameTokens = try stream.readRawArgument()
        guard nameTokens.count == 1, case .command(let name) = nameTokens.removeFirst() else {
            throw TeXError("malformed \\\(definer)")
        }
        if definer == "DeclareMathOperator" {
            let body = try stream.readRawArgument()
            return (name, Macro(parameters: 0, body: [.command("operatorname"), .char("{")] + body + [.char("}")]))
        }
        if definer == "def" || definer == "gdef" {
            var count = 0
            var delimiters: [[Token]] = [[]]
            while let token = stream.nextRaw(), token != .char("{") {
                if case .param(let n) = token {
                    guard n == count + 1 else { throw TeXError("malformed \\def") }
                    count = n
                    delimiters.append([])
                } else if token == .char("}") {
                    throw TeXError("malformed \\def")
                } else if token != .space {
                    delimiters[delimiters.count - 1].append(token)
                }
            }
            let body = try stream.readRawUntilClosingBrace()
            let delimited = delimiters.contains { !$0.isEmpty }
            return (name, Macro(parameters: count, body: body, delimiters: delimited ? delimiters : []))
        }
        var parameters = 0
        var optional: [Token]?
        if let count = try stream.readRawOptional() {
            guard let value = Int(count.compactMap { if case .char(let c) = $0 { return String(c) } else { return nil } }.joined()),
                  (0...9).contains(value) else { throw TeXError("malformed parameter count") }
            parameters = value
            optional = try stream.readRawOptional()
        }
        return (name, Macro(parameters: parameters, optionalDefault: optional, body: try stream.readRawArgument()))
    }
}

/// The bounds that keep hostile TeX cheap: input size, nesting, macro expansion and output size.
enum TeXLimits {
    /// Most characters of a formula; longer ones are shown as source.
    static let characters = 20_000
    /// Most tokens, counting those macros add.
    static let tokens = 40_000
    /// Most macro expansions in one formula.
    static let expansions = 500
    /// Most tokens all macro expansions of one formula may add together.
    static let expandedTokens = 30_000
    /// Deepest nesting of groups, arguments and environments.
    static let depth = 48
    /// Most cells of one display box (width × height).
    static let cells = 400_000
    /// Most lines of a display.
    static let lines = 120
}
