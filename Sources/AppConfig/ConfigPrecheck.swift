/// Refuses, before TOMLKit sees them, the shapes of text on which its toml++ parser asserts (aborting the
/// program) instead of reporting an error. Each was found by fuzzing (`Fuzz/run.sh config`).
///
/// Three rules, each general rather than one pattern per crash:
/// - a table header's name must start with a bare-key character (A-Z a-z 0-9 - _) or a quote;
/// - no value may be a date or a time: no stackterm setting is one, and toml++'s date-time parser asserts on
///   several malformed forms (`1979-05-27TÖ7:32:00Z`). A value starting `DDDD-` or `DD:` is refused;
/// - where an array expects an element (after its `[` or a `,`), a `}` is refused (`tagged = [}` asserted).
enum ConfigPrecheck {
    /// The first problem as (line, message), or nil when TOMLKit may parse `text`.
    static func problem(in text: String) -> (line: Int, message: String)? {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        return scanner.run()
    }

    static let badHeaderMessage = "a table name must start with a letter, digit, - or _, or a quote"
    static let dateTimeMessage = "dates and times are not stackterm settings (write it as a string)"
    static let braceInArrayMessage = "expected a value or ']' in an array, saw '}'"

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        /// Open `[` of array values (header brackets are not counted).
        var arrayDepth = 0
        /// The last scalar outside strings and comments that was not white space, and whether it was a `[`
        /// opening an array value (rather than a table header).
        var previous: Unicode.Scalar?
        var previousOpensArray = false
        var lineHasContent = false

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func run() -> (line: Int, message: String)? {
            // toml++ skips a byte-order mark at the start; so must the line-start test for headers.
            if scalars.first == "\u{FEFF}" { index = 1 }
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "\n":
                    line += 1
                    lineHasContent = false
                    index += 1
                case " ", "\t", "\r":
                    index += 1
                case "#":
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                case "\"", "'":
                    skipString(quote: scalar)
                    note(scalar)
                case "[" where arrayDepth == 0 && !lineHasContent:
                    if let problem = headerProblem() { return problem }
                default:
                    if scalar == "[" {
                        arrayDepth += 1
                        note(scalar, opensArray: true)
                        index += 1
                        continue
                    }
                    if scalar == "]", arrayDepth > 0 { arrayDepth -= 1 }
                    if scalar == "}", arrayDepth > 0, previous == "," || (previous == "[" && previousOpensArray) {
                        return (line, ConfigPrecheck.braceInArrayMessage)
                    }
                    if ("0"..."9").contains(scalar), startsValue, looksLikeDateOrTime(at: index) {
                        return (line, ConfigPrecheck.dateTimeMessage)
                    }
                    note(scalar)
                    index += 1
                }
            }
            return nil
        }

        /// True when a token starting here is a value: after `=`, `,` or an array's `[`.
        private var startsValue: Bool {
            previous == "=" || previous == "," || (previous == "[" && previousOpensArray)
        }

        private mutating func note(_ scalar: Unicode.Scalar, opensArray: Bool = false) {
            previous = scalar
            previousOpensArray = opensArray
            lineHasContent = true
        }

        /// Checks the header opening at `index` (`[` or `[[`) and moves past its brackets.
        private mutating func headerProblem() -> (line: Int, message: String)? {
            index += 1
            if index < scalars.count, scalars[index] == "[" { index += 1 }
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
            guard index < scalars.count else { return (line, ConfigPrecheck.badHeaderMessage) }
            let first = scalars[index]
            let startsName = ("a"..."z").contains(first) || ("A"..."Z").contains(first)
                || ("0"..."9").contains(first) || first == "-" || first == "_" || first == "\"" || first == "'"
            guard startsName else { return (line, ConfigPrecheck.badHeaderMessage) }
            note("[")
            return nil
        }

        /// `DDDD-` (a date, or a date-time) or `DD:` (a time) at `start`.
        private func looksLikeDateOrTime(at start: Int) -> Bool {
            func digits(_ count: Int) -> Bool {
                start + count <= scalars.count && scalars[start..<(start + count)].allSatisfy { ("0"..."9").contains($0) }
            }
            func scalar(at offset: Int, is expected: Unicode.Scalar) -> Bool {
                start + offset < scalars.count && scalars[start + offset] == expected
            }
            return (digits(4) && scalar(at: 4, is: "-")) || (digits(2) && scalar(at: 2, is: ":"))
        }

        /// Moves past a basic, literal or multi-line string starting at `index` (unterminated: to the end of
        /// its line, or of the text for a multi-line one; TOMLKit reports those itself).
        private mutating func skipString(quote: Unicode.Scalar) {
            let multiLine = index + 2 < scalars.count && scalars[index + 1] == quote && scalars[index + 2] == quote
            index += multiLine ? 3 : 1
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\\", quote == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\n" { line += 1 }
                    index += 2
                    continue
                }
                if scalar == "\n" {
                    if !multiLine { return }
                    line += 1
                }
                if scalar == quote {
                    if !multiLine { index += 1; return }
                    if index + 2 < scalars.count, scalars[index + 1] == quote, scalars[index + 2] == quote {
                        index += 3
                        while index < scalars.count, scalars[index] == quote { index += 1 }
                        return
                    }
                }
                index += 1
            }
        }
    }
}
