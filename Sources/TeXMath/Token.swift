/// One TeX token: a control sequence, a character, a macro parameter (`#1`) or a run of blanks.
enum Token: Hashable, Sendable {
    /// `\name` (letters) or a control symbol such as `\,` or `\{` (its one character as the name).
    case command(String)
    /// Any other character, braces included.
    case char(Unicode.Scalar)
    /// `#1`…`#9` inside a macro body.
    case param(Int)
    /// One or more blanks (kept for `\text`; math mode skips them).
    case space
}

/// Why a formula is shown as source.
struct TeXError: Error, Equatable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Splits TeX into tokens the way TeX's eyes do: `%` starts a comment to the end of the line, blanks after a
/// control word are skipped, runs of blanks become one `.space`.
enum Lexer {
    /// The tokens of `tex`; throws when there are more than `limit`.
    static func tokens(_ tex: String, limit: Int) throws -> [Token] {
        var result: [Token] = []
        var scalars = tex.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        func advance() { pending = scalars.next() }
        while let scalar = pending {
            if result.count >= limit { throw TeXError("formula too long") }
            advance()
            switch scalar {
            case "\\":
                guard let first = pending else { result.append(.command("\\")); continue }
                advance()
                if isLetter(first) {
                    var name = String(first)
                    while let next = pending, isLetter(next) { name.unicodeScalars.append(next); advance() }
                    result.append(.command(name))
                    while let next = pending, isBlank(next) { advance() }
                } else {
                    result.append(.command(String(first)))
                }
            case "%":
                while let next = pending, next != "\n" { advance() }
            case "#":
                if let digit = pending, let value = Int(String(digit)), value > 0 {
                    advance()
                    result.append(.param(value))
                } else {
                    result.append(.char("#"))
                }
            default:
                if isBlank(scalar) {
                    while let next = pending, isBlank(next) { advance() }
                    if result.last != .space { result.append(.space) }
                } else {
                    result.append(.char(scalar))
                }
            }
        }
        return result
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{A0}"
    }
}
