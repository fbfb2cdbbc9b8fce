import AppConfig
import XCTest

/// Each kind of malformed config gives one line naming the file and the line.
final class ConfigErrorTests: XCTestCase {
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigError? {
        do {
            _ = try ConfigParser.parse(text, file: "config.toml")
            XCTFail("expected an error for:\n\(text)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testUnknownCommandNamesItsLineAndSuggests() {
        let text = "site = \"cardano\"\n\n[keys]\nquit = \"x\"\n\n# typo below\nmoveDwn = \"n\"\n"
        XCTAssertEqual(error(text)?.description,
                       "config.toml:7: unknown command \"moveDwn\" in [keys] (did you mean \"moveDown\"?)")
    }

    func testSyntaxErrorsCarryTOMLsLine() {
        let found = error("site = \"cardano\"\nsort = \"votes\"\npage_size = = 3\n")
        XCTAssertEqual(found?.line, 3)
        guard case .syntax? = found?.kind else { return XCTFail("\(String(describing: found))") }
        XCTAssertTrue(found!.description.hasPrefix("config.toml:3: not valid TOML: "), found!.description)
    }

    /// Issue 32 case 11: a string left open said "unescaped control characters … are explicitly prohibited".
    func testAnUnterminatedStringSaysItsClosingQuoteIsMissing() {
        XCTAssertEqual(error("site = \"cardano\nsort = \"votes\"\n")?.description,
                       "config.toml:1: not valid TOML: missing closing quote: a string must end on its line (\"…\")")
    }

    /// Found by Fuzz/run.sh config: toml++ (inside TOMLKit) asserted, aborting the program, on a table header
    /// whose name starts with a non-ASCII or control character; now a syntax error on that line.
    func testTableNameStartingWithANonASCIICharacterIsASyntaxErrorNotAnAbort() {
        for header in ["[é]", "[[é]]", "  [ \u{FFFD}]", "[\t日本]", "[[\u{0F}rray.of]]", "[!]", "[]", "[\n]", "[[ "] {
            let found = error("site = \"cardano\"\r\n\n\(header)\nx = 1\n")
            XCTAssertEqual(found?.line, 3, header)
            XCTAssertEqual(found?.message, "not valid TOML: a table name must start with a letter, digit, - or _, or a quote", header)
        }
        // Found at 99,262 inputs: after a byte-order mark the header was not seen as starting its line.
        XCTAssertEqual(error("\u{FEFF} [[[@[[[\n")?.message, "not valid TOML: a table name must start with a letter, digit, - or _, or a quote")
        XCTAssertEqual(try ConfigParser.parse("\u{FEFF}[colors]\n", file: "c.toml").colors, [:])
        XCTAssertEqual(try ConfigParser.parse("api_key = \"[é]\"\n[colors]\n", file: "config.toml").settings.apiKey, "[é]")
        XCTAssertNoThrow(try ConfigParser.parse("[\"colors\"]\n[ 'keys' ]\n", file: "c.toml"))
    }

    /// Found by Fuzz/run.sh config: toml++ asserted, aborting the program, on a date-time with a non-digit after
    /// its `T`. No setting is a date or a time, so every date- or time-shaped value is refused before TOMLKit.
    func testDateAndTimeValuesAreSyntaxErrorsNotAnAbort() {
        let values = ["1979-05-27T\u{D6}7:32:00Z", "1979-05-27Tx", "1979-05-27", "07:32:00", "[1979-05-27t]",
                      "[\n  1, \n  1979-05-27T07:32:00Z]", "{ a = 07:3 }", "[[1, 2], [00:]]"]
        for value in values {
            let found = error("site = \"cardano\"\n# a date: 1979-05-27T\n\ndate = \(value)\n")
            XCTAssertEqual(found?.line, 4 + value.filter { $0 == "\n" }.count, value)
            XCTAssertEqual(found?.message, "not valid TOML: dates and times are not stackterm settings (write it as a string)", value)
        }
        let inStrings = "api_key = \"1979-05-27T\u{D6}7\"\ntagged = ['07:32', \"\"\"\n1979-05-27T\"\"\"]\n"
        XCTAssertEqual(try ConfigParser.parse(inStrings, file: "c.toml").settings.apiKey, "1979-05-27T\u{D6}7")
        XCTAssertEqual(error("page_size = 1979\n")?.kind, .badValue(key: "page_size", reason: "must be between 1 and 100, not 1979"))
    }

    /// Found by Fuzz/run.sh config (at 167,450 inputs): toml++ asserted in `parse_value` on a `}` where an array
    /// expects an element; now a syntax error on that line. A `}` elsewhere is still TOMLKit's to report.
    func testABraceWhereAnArrayExpectsAnElementIsASyntaxErrorNotAnAbort() {
        for value in ["[}", "[1, }", "[[}]]", "{ b = [} }", "[\n  # c\n  }", "[ 'a',\n}"] {
            let found = error("site = \"cardano\"\ntagged = \(value)\n")
            XCTAssertEqual(found?.line, 2 + value.filter { $0 == "\n" }.count, value)
            XCTAssertEqual(found?.message, "not valid TOML: expected a value or ']' in an array, saw '}'", value)
        }
        for value in ["}", "[1 }", "{b = 1, }"] {
            guard case .syntax(let message)? = error("tagged = \(value)\n")?.kind else { return XCTFail(value) }
            XCTAssertTrue(message.hasPrefix("Error while parsing"), "\(value): \(message)")
        }
        XCTAssertEqual(try ConfigParser.parse("tagged = ['}', \"a}\"]\n", file: "c.toml").settings.tagged, ["}", "a}"])
    }

    func testDuplicateKeysAreSyntaxErrors() {
        XCTAssertEqual(error("site = \"a\"\nsite = \"b\"\n")?.line, 2)
    }

    func testUnknownTopLevelKey() {
        let found = error("site = \"cardano\"\npagesize = 10\n")
        XCTAssertEqual(found?.line, 2)
        XCTAssertEqual(found?.kind, .unknownKey("pagesize", table: nil, suggestion: "page_size"))
        XCTAssertEqual(error("\n\nwhatever = 1")?.description,
                       "config.toml:3: unknown key \"whatever\" (known: site, sort, tagged, page_size, api_key, api_base_url, max_width, store_max_mb, browser_in_terminal, mouse, live, live_url, live_refresh_s, watch_tags, bell, math, client_id, auth_url, [colors], [keys])")
    }

    func testMathSetting() {
        XCTAssertEqual(error("math = \"latex\"")?.description,
                       "config.toml:1: math: \"latex\" is not one of unicode, ascii, source")
        let ascii = try? ConfigParser.parse("math = \"ascii\"", file: "config.toml")
        XCTAssertEqual(ascii.map { EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: $0).math }, .ascii)
        XCTAssertEqual(EffectiveSettings(commandLine: CommandLineSettings(), environment: [:], config: ConfigFile()).math, .unicode)
    }

    func testWrongTypes() {
        XCTAssertEqual(error("site = \"x\"\npage_size = \"50\"")?.description,
                       "config.toml:2: page_size must be an integer, not a string")
        XCTAssertEqual(error("site = 3")?.description, "config.toml:1: site must be a string, not an integer")
        XCTAssertEqual(error("tagged = [1, 2]")?.kind,
                       .wrongType(key: "tagged", expected: "a string or an array of strings", found: "an array"))
        XCTAssertEqual(error("keys = 3")?.kind, .wrongType(key: "keys", expected: "a table ([keys])", found: "an integer"))
        XCTAssertEqual(error("[keys]\nquit = 3")?.line, 2)
        XCTAssertEqual(error("[colors]\n\naccent = true")?.kind,
                       .wrongType(key: "colors.accent", expected: "a colour name or a number", found: "a bool"))
    }

    func testAStoreLimitOutsideItsRangeOrNotAnIntegerNamesItsLine() {
        XCTAssertEqual(error("site = \"beer\"\n\nstore_max_mb = 0\n")?.description,
                       "config.toml:3: store_max_mb: must be between 1 and 1048576 megabytes, not 0")
        XCTAssertEqual(error("store_max_mb = -5")?.line, 1)
        XCTAssertEqual(error("store_max_mb = 2000000")?.kind,
                       .badValue(key: "store_max_mb", reason: "must be between 1 and 1048576 megabytes, not 2000000"))
        XCTAssertEqual(error("page_size = 5\nstore_max_mb = \"1 GB\"")?.description,
                       "config.toml:2: store_max_mb must be an integer (megabytes), not a string")
        XCTAssertTrue(error("store_max_mb = 1.5")?.description.hasPrefix("config.toml:1: store_max_mb must be an integer") ?? false)
    }

    func testBadValues() {
        XCTAssertEqual(error("page_size = 500")?.description, "config.toml:1: page_size: must be between 1 and 100, not 500")
        XCTAssertEqual(error("max_width = 10")?.description, "config.toml:1: max_width: must be between 20 and 1000, not 10")
        XCTAssertEqual(error("max_width = \"wide\"")?.description, "config.toml:1: max_width must be an integer, not a string")
        XCTAssertEqual(error("\nsort = \"newest\"")?.description,
                       "config.toml:2: sort: \"newest\" is not one of activity, creation, votes, hot, week, month")
        XCTAssertEqual(error("site = \"stack overflow\"")?.line, 1)
        XCTAssertEqual(error("api_base_url = \"ftp://example.com\"")?.kind,
                       .badValue(key: "api_base_url", reason: "\"ftp://example.com\" is not an http(s) URL such as https://api.stackexchange.com/2.3"))
    }

    func testUnknownKeyName() {
        let found = error("[keys]\nmoveDown = [\"j\",\n  \"Ctl-n\"]\n")
        XCTAssertEqual(found?.line, 2, "the command's line")
        XCTAssertEqual(found?.kind, .unknownKeyName("Ctl-n", command: "moveDown"))
        XCTAssertTrue(found!.description.contains("(e.g. \"j\", \"?\", \"Down\""), found!.description)
    }

    func testOneKeyForTwoCommandsInTheFile() {
        let found = error("[keys]\nmoveDown = \"n\"\nsearch = [\"/\", \"n\"]\n")
        XCTAssertEqual(found?.description, "config.toml:3: key \"n\" is bound to both moveDown and search in [keys]")
    }

    func testColourErrors() {
        XCTAssertEqual(error("[colors]\naccent = \"purple\"")?.description,
                       "config.toml:2: bad colour \"purple\" for accent in [colors] (a name such as red or bright-blue, default, or 0-255)")
        XCTAssertEqual(error("[colors]\nmuted = 256")?.kind, .badColor("256", role: "muted"))
        XCTAssertEqual(error("[colors]\nlinks = \"red\"")?.kind, .unknownColorRole("links", suggestion: "link"))
        XCTAssertEqual(error("[colors]\nbackground = \"red\"")?.description,
                       "config.toml:2: unknown colour role \"background\" in [colors] (known: normal, accent, muted, success, warning, error, code, tag, link, "
                       + "code-keyword, code-type, code-string, code-comment, code-number, code-preprocessor, code-function, math)")
    }

    func testTheEarliestProblemIsReported() {
        // TOMLKit hands tables over sorted by name; the error on the first line must still win.
        let found = error("[keys]\nzzz = \"x\"\naaa = \"y\"\n[colors]\naccent = \"nope\"")
        XCTAssertEqual(found?.line, 2)
        XCTAssertEqual(found?.kind, .unknownCommand("zzz", suggestion: nil))
    }

    func testLinesAreFoundPastMultilineStringsAndInDottedKeys() {
        // The multi-line site is itself invalid (it holds a newline) and comes first; keys.nope follows on line 4.
        XCTAssertEqual(error("site = \"\"\"\nnot = \"a key\"\n\"\"\"\nkeys.nope = \"x\"\n")?.line, 1)
        XCTAssertEqual(error("site = \"\"\"\ncardano\"\"\"\nkeys.nope = \"x\"\n")?.line, 3)
        XCTAssertEqual(error("# c\nkeys . \"moveDwn\" = \"x\"")?.line, 2)
        XCTAssertEqual(error("sort = '''\nvotes'''\n[keys]\n'bad' = 'x'")?.line, 4, "after a valid multi-line string")
        XCTAssertEqual(error("api_key = '''\n[keys]\nmoveDwn = 1\n'''\n[keys]\n\nmoveDwn = 'x'")?.line, 7,
                       "a [keys] line inside a multi-line string is not a table header")
    }
}
