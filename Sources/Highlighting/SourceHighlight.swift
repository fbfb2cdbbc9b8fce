import CSourceHighlight
import Foundation

/// GNU source-highlight (libsource-highlight) through `CSourceHighlight`: tokens of a text in a language.
///
/// The library reads its language definitions (`lang.map`, `*.lang`) from a data directory at run time;
/// `dataDirectory(environment:)` finds it. Without one, or for a language it does not know, the answer is
/// plain text, never an error the reader sees. Calls are serialised inside the C++ shim (the library keeps
/// global state), so a `SourceHighlight` may be used from any thread.
public struct SourceHighlight: Sendable {
    /// One highlighted token: its bytes within its line (UTF-8 offsets, the line without its `\n`) and class.
    public struct Token: Hashable, Sendable {
        public var line: Int
        public var bytes: Range<Int>
        public var tokenClass: TokenClass

        /// A token of `tokenClass` on `line` (0-based), at `bytes` of that line.
        public init(line: Int, bytes: Range<Int>, tokenClass: TokenClass) {
            self.line = line
            self.bytes = bytes
            self.tokenClass = tokenClass
        }
    }

    /// What highlighting a text gave.
    public enum Outcome: Hashable, Sendable {
        /// The tokens, in text order (empty when nothing in the text is a token).
        case tokens([Token])
        case plain(PlainReason)
    }

    /// Why a text stays plain.
    public enum PlainReason: Hashable, Sendable {
        case noDataDirectory
        case unknownLanguage(String)
        /// The library threw (a broken definition, a regular expression too complex for the text).
        case failed(String)
    }

    /// Which rule objects match the text; both give the same tokens.
    public enum Rules: Hashable, Sendable {
        /// Rules that remember, within a line, where their last search matched (the shim's `MemoizingRule`):
        /// each searches a line about once instead of once per token.
        case memoized
        /// libsource-highlight's own rules, which search the rest of the line for every token: what the
        /// memoized ones are checked against.
        case library
    }

    /// Where the language definitions are read from (nil: none found, so everything is plain).
    public let dataDirectory: String?
    /// The rules this highlighter asks the shim for (`.memoized` unless a test compares with `.library`).
    public let rules: Rules

    public init(dataDirectory: String?, rules: Rules = .memoized) {
        self.dataDirectory = dataDirectory
        self.rules = rules
    }

    /// A highlighter using the data directory `dataDirectory(environment:)` finds.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, rules: Rules = .memoized) {
        self.init(dataDirectory: Self.dataDirectory(environment: environment), rules: rules)
    }

    /// Where source-highlight keeps its definitions: `SOURCE_HIGHLIGHT_DATADIR` (the variable the library
    /// and its tools honour) when set, else Debian's and a local install's directory — the first that holds
    /// a `lang.map`; nil when none does.
    public static func dataDirectory(environment: [String: String]) -> String? {
        var candidates = ["/usr/share/source-highlight", "/usr/local/share/source-highlight"]
        if let given = environment["SOURCE_HIGHLIGHT_DATADIR"], !given.isEmpty { candidates.insert(given, at: 0) }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0 + "/lang.map") }
    }

    /// True when `language` has a definition in the data directory.
    public func knows(_ language: String) -> Bool {
        guard let dataDirectory else { return false }
        return stackterm_highlight_knows(dataDirectory, language) != 0
    }

    /// The longest line highlighted, in UTF-8 bytes; longer lines stay plain. With the library's own rules a
    /// line's time grows with the square of its length (every rule searches to the line's end for every token:
    /// a 10 KB line of numbers took 0.43 s, one of operators 2.0 s); with the memoized rules those took 2–4 ms
    /// and 16 KiB lines at most 8.3 ms (`stackterm-bench highlight`, BENCHMARKS.md issue 9 part 6).
    public static let maximumLineBytes = 16 * 1024

    /// The tokens of `text` in `language` (a source-highlight language name), or why it stays plain.
    public func highlight(_ text: String, language: String) -> Outcome {
        guard let dataDirectory else { return .plain(.noDataDirectory) }
        let collector = TokenCollector()
        var message = [CChar](repeating: 0, count: 256)
        var text = text
        let status = text.withUTF8 { bytes in
            Self.elementNames.withUnsafeBufferPointer { names in
                stackterm_highlight(dataDirectory, rules == .library ? STACKTERM_HIGHLIGHT_LIBRARY_RULES : STACKTERM_HIGHLIGHT_MEMOIZED_RULES,
                                    language, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
                                    bytes.count, Self.maximumLineBytes, names.baseAddress, names.count, { context, line, start, length, element in
                    guard let context else { return }
                    Unmanaged<TokenCollector>.fromOpaque(context).takeUnretainedValue().add(line, start, length, element)
                }, Unmanaged.passUnretained(collector).toOpaque(), &message, message.count)
            }
        }
        switch status {
        case STACKTERM_HIGHLIGHT_OK: return .tokens(collector.tokens)
        case STACKTERM_HIGHLIGHT_NO_DATA_DIR: return .plain(.noDataDirectory)
        case STACKTERM_HIGHLIGHT_UNKNOWN_LANGUAGE: return .plain(.unknownLanguage(language))
        default: return .plain(.failed(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
    }

    /// The element names passed to the shim, as C strings that live as long as the process; the shim reports
    /// a token by its index here, which `TokenClass.sourceHighlightElements` turns into a class.
    private static let elementNames = ElementNames()
}

/// `TokenClass.sourceHighlightElements`' names as C strings allocated once (never freed: one per process).
/// Unchecked: the pointers are written once in `init` and the memory they point to is never changed.
private final class ElementNames: @unchecked Sendable {
    private let pointers: [UnsafePointer<CChar>?]

    init() {
        pointers = TokenClass.sourceHighlightElements.map { UnsafePointer(strdup($0.name)) }
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        pointers.withUnsafeBufferPointer(body)
    }
}

/// Gathers the shim's callbacks during one call (used by one thread at a time, inside `highlight`).
private final class TokenCollector {
    var tokens: [SourceHighlight.Token] = []

    func add(_ line: UInt32, _ start: UInt32, _ length: UInt32, _ element: UInt32) {
        let elements = TokenClass.sourceHighlightElements
        guard Int(element) < elements.count else { return }
        let start = Int(start)
        tokens.append(SourceHighlight.Token(line: Int(line), bytes: start..<(start + Int(length)), tokenClass: elements[Int(element)].tokenClass))
    }
}
