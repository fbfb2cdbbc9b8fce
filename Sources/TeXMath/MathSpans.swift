/// The delimiters a site's MathJax configuration uses (tex2jax's `inlineMath`, `displayMath`, `processEscapes`,
/// `processEnvironments`).
public struct MathDelimiters: Sendable, Hashable {
    /// An opening and a closing delimiter.
    public struct Pair: Sendable, Hashable {
        /// The opening delimiter, e.g. `$`.
        public let open: String
        /// The closing delimiter, e.g. `$`.
        public let close: String

        /// A pair of delimiters.
        public init(_ open: String, _ close: String) {
            self.open = open
            self.close = close
        }
    }

    /// Delimiters of inline math.
    public var inline: [Pair]
    /// Delimiters of display math.
    public var display: [Pair]
    /// Whether `\$` outside math is a literal dollar.
    public var processEscapes: Bool
    /// Whether `\begin{env}…\end{env}` outside other delimiters is display math.
    public var processEnvironments: Bool

    /// Delimiters as given.
    public init(inline: [Pair], display: [Pair], processEscapes: Bool, processEnvironments: Bool) {
        self.inline = inline
        self.display = display
        self.processEscapes = processEscapes
        self.processEnvironments = processEnvironments
    }

    /// Stack Exchange's usual configuration: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` display, `\$` a dollar.
    public static let standard = MathDelimiters(
        inline: [Pair("$", "$"), Pair("\\(", "\\)")], display: [Pair("$$", "$$"), Pair("\\[", "\\]")],
        processEscapes: true, processEnvironments: true)

    /// Electrical Engineering's: inline math is `\$…\$` (a bare `$` is money), display `$$…$$` and `\[…\]`.
    public static let electronics = MathDelimiters(
        inline: [Pair("\\$", "\\$")], display: [Pair("$$", "$$"), Pair("\\[", "\\]")],
        processEscapes: false, processEnvironments: true)
}

/// A piece of a text run: plain text, or the TeX between math delimiters (delimiters removed; environments keep
/// their `\begin…\end`).
public enum MathSegment: Sendable, Equatable {
    /// Text outside math (escapes such as `\$` already turned into `$`).
    case text(String)
    /// Inline math.
    case inline(String)
    /// Display math.
    case display(String)
}

/// Finds math in one plain-text run as MathJax 2's tex2jax does: the leftmost opening delimiter (longest first)
/// starts math, which ends at the first closing delimiter outside braces (`\x` pairs are skipped, so `\$` never
/// closes). An opening delimiter that is never closed stays text and ends the search in that run, as in tex2jax;
/// when a closing delimiter was seen only inside unbalanced braces, math ends there. A `$` followed by a
/// blank or a digit still opens math (tex2jax has no such rule): `$5 and $10` is math on a MathJax site.
public enum MathSpans {
    /// The segments of `text` (the caller passes text outside `<code>`/`<pre>`, HTML already decoded).
    public static func split(_ text: String, _ delimiters: MathDelimiters) -> [MathSegment] {
        let opens = { (byte: UInt8) in byte == UInt8(ascii: "$") || byte == UInt8(ascii: "\\") }
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: opens) }) ?? text.utf8.contains(where: opens) else {
            return text.isEmpty ? [] : [.text(text)]
        }
        var scanner = SpanScanner(bytes: Array(text.utf8), delimiters: delimiters)
        scanner.run()
        return scanner.segments
    }
}
