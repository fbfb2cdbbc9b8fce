/// Tokens read front to back, with user macros expanded on the way (bounded: `TeXLimits`).
struct TokenStream {
    /// The tokens still to read, the next one last.
    private var stack: [Token]
    var macros: MacroTable
    private var expansions = 0
    /// Tokens all expansions have added so far (bounded, so that a long body expanded many times stays cheap).
    private var expanded = 0

    init(_ tokens: [Token], macros: MacroTable) {
        stack = tokens.reversed()
        self.macros = macros
    }

    var isAtEnd: Bool { stack.isEmpty }

    /// The next token without expanding macros.
    mutating func nextRaw() -> Token? { stack.popLast() }

    func peekRaw() -> Token? { stack.last }

    /// The next token other than a blank, without consuming it or expanding macros.
    mutating func peekRawSkippingSpace() -> Token? {
        while stack.last == .space { stack.removeLast() }
        return stack.last
    }

    /// Consumes `token` when it comes next (after blanks); says whether it did.
    mutating func skipRawToken(_ token: Token) -> Bool {
        guard peekRawSkippingSpace() == token else { return false }
        stack.removeLast()
        return true
    }

    /// Puts tokens back in front.
    mutating func push(_ tokens: [Token]) {
        stack.append(contentsOf: tokens.reversed())
    }

    /// A brace group's inner tokens, or one token, without expansion.
    mutating func readRawArgument() throws -> [Token] {
        guard let first = peekRawSkippingSpace() else { throw TeXError("missing argument") }
        stack.removeLast()
        guard first == .char("{") else {
            if first == .char("}") { throw TeXError("missing argument") }
            return [first]
        }
        return try readRawUntilClosingBrace()
    }

    /// Tokens up to the `}` that closes an already opened group (the brace itself is consumed, not returned).
    mutating func readRawUntilClosingBrace() throws -> [Token] {
        var depth = 1
        var tokens: [Token] = []
        while let token = stack.popLast() {
            if token == .char("{") { depth += 1 }
            if token == .char("}") {
                depth -= 1
                if depth == 0 { return tokens }
            }
            tokens.append(token)
        }
        throw TeXError("missing }")
    }

    /// Tokens up to `delimiter` outside braces (consumed, not returned), as a delimited `\def` parameter reads
    /// them; one pair of braces around the whole argument is removed.
    mutating func readRawDelimited(by delimiter: [Token]) throws -> [Token] {
        var tokens: [Token] = []
        var depth = 0
        while let token = stack.popLast() {
            if token == .char("{") { depth += 1 }
            if token == .char("}") { depth -= 1 }
            if depth < 0 { break }
            tokens.append(token)
            guard depth == 0, token == delimiter.last, tokens.count >= delimiter.count,
                  tokens.suffix(delimiter.count).elementsEqual(delimiter) else { continue }
            tokens.removeLast(delimiter.count)
            return TokenStream.unbraced(tokens)
        }
        throw TeXError("missing delimiter of a macro argument")
    }

    /// `tokens` without the braces around them when one group is the whole of them.
    private static func unbraced(_ tokens: [Token]) -> [Token] {
        guard tokens.first == .char("{"), tokens.last == .char("}") else { return tokens }
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token == .char("{") { depth += 1 }
            if token == .char("}") { depth -= 1 }
            if depth == 0 { return index == tokens.count - 1 ? Array(tokens.dropFirst().dropLast()) : tokens }
        }
        return tokens
    }

    /// `[…]` when it comes next (brace groups inside may hold `]`); nil when there is none.
    mutating func readRawOptional() throws -> [Token]? {
        guard peekRawSkippingSpace() == .char("[") else { return nil }
        stack.removeLast()
        var depth = 0
        var tokens: [Token] = []
        while let token = stack.popLast() {
            if token == .char("{") { depth += 1 }
            if token == .char("}") { depth -= 1 }
            if token == .char("]") && depth == 0 { return tokens }
            tokens.append(token)
        }
        throw TeXError("missing ]")
    }

    /// Expands user macros at the front until a token that is not one comes first.
    mutating func expand() throws {
        if macros.macros.isEmpty { return }
        while case .command(let name)? = stack.last, let macro = macros.macros[name] {
            stack.removeLast()
            expansions += 1
            if expansions > TeXLimits.expansions { throw TeXError("too many macro expansions") }
            var arguments: [[Token]] = []
            var first = 1
            if let prefix = macro.delimiters.first {
                for token in prefix where !skipRawToken(token) { throw TeXError("\\\(name) does not match its definition") }
            }
            if let fallback = macro.optionalDefault, macro.parameters > 0 {
                arguments.append(try readRawOptional() ?? fallback)
                first = 2
            }
            if first <= macro.parameters {
                for index in first...macro.parameters {
                    let delimiter = index < macro.delimiters.count ? macro.delimiters[index] : []
                    arguments.append(delimiter.isEmpty ? try readRawArgument() : try readRawDelimited(by: delimiter))
                }
            }
            var body: [Token] = []
            for token in macro.body {
                if case .param(let n) = token, n <= arguments.count { body += arguments[n - 1] } else { body.append(token) }
            }
            expanded += body.count
            if stack.count + body.count > TeXLimits.tokens || expanded > TeXLimits.expandedTokens {
                throw TeXError("macro expansion too large")
            }
            push(body)
        }
    }

    /// The next token after expansion (blanks included).
    mutating func next() throws -> Token? {
        try expand()
        return stack.popLast()
    }

    /// The next token after expansion, not consumed.
    mutating func peek() throws -> Token? {
        try expand()
        return stack.last
    }

    /// The next non-blank token after expansion, not consumed.
    mutating func peekSkippingSpace() throws -> Token? {
        while true {
            try expand()
            guard stack.last == .space else { return stack.last }
            stack.removeLast()
        }
    }
}
