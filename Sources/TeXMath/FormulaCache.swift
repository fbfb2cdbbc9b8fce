import NIOConcurrencyHelpers

/// The formulas this process has typeset, so a layout done again (a resize, a question opened again, the `$` key
/// back and forth) and a title drawn in every frame do not typeset them again.
///
/// A memo, never a source of truth: what it answers is what typesetting would give, so the modules that call
/// TeXMath stay pure in effect. Keyed by everything the result depends on (the TeX, the glyphs, the post's macros,
/// the form); a display is kept whatever the width and judged against the width asked. Bounded: TeX over
/// `maximumSourceBytes` and results over `maximumEntryBytes` are not kept (hostile formulas cannot fill it),
/// and past `maximumBytes` in all the oldest entries go first. Every caller may be on any thread (the layout
/// queue, the main thread): one `NIOLockedValueBox` guards it.
package final class FormulaCache: Sendable {
    /// The one cache of the process.
    package static let shared = FormulaCache()

    /// The longest TeX (or title) kept, in UTF-8 bytes.
    static let maximumSourceBytes = 4 * 1024
    /// The largest entry kept (TeX and result), in UTF-8 bytes.
    static let maximumEntryBytes = 64 * 1024
    /// What one entry costs beyond its text (the key's and the value's storage), counted toward `maximumBytes`.
    static let entryOverhead = 128

    /// What a result depends on besides its TeX.
    struct Key: Hashable, Sendable {
        enum Form: Hashable, Sendable {
            /// `MathRenderer.inline`.
            case inline
            /// `MathRenderer.display` at any width (`DisplayTypeset`).
            case display
            /// `MathText.line` with these delimiters and source switch.
            case line(MathDelimiters, showsSource: Bool)
        }

        var tex: String
        var style: MathStyle
        var macros: MacroTable
        var form: Form
    }

    /// A typeset result of one of the key's forms.
    enum Value: Sendable {
        case result(MathResult)
        case display(DisplayTypeset)
        case line(String)

        /// The UTF-8 bytes of its text.
        var byteCount: Int {
            switch self {
            case .result(.rendered(let lines)), .display(.lines(let lines, _)): lines.reduce(0) { $0 + $1.utf8.count }
            case .result(.source(let reason)), .display(.source(let reason)): reason.utf8.count
            case .display(.inlineOnly(let result)): Value.result(result).byteCount
            case .line(let text): text.utf8.count
            }
        }
    }

    private struct Entry {
        var value: Value
        var bytes: Int
    }

    /// The entries, their keys in the order they came (`order[oldest...]` still held), and the bytes counted.
    private struct State {
        var entries: [Key: Entry] = [:]
        var order: [Key] = []
        var oldest = 0
        var bytes = 0
        var hits = 0
        var misses = 0
    }

    /// The most bytes held (TeX, results and `entryOverhead` each).
    let maximumBytes: Int
    private let state = NIOLockedValueBox(State())

    /// A cache holding at most `maximumBytes`.
    init(maximumBytes: Int = 8 * 1024 * 1024) {
        self.maximumBytes = maximumBytes
    }

    /// The inline result for `key` (of the `.inline` form), made by `make` unless held.
    func result(for key: Key, _ make: () -> MathResult) -> MathResult {
        if case .result(let result) = value(for: key, { .result(make()) }) { return result }
        return make() // never: a key's form decides its value's case
    }

    /// The display for `key` (of the `.display` form), made by `make` unless held.
    func display(for key: Key, _ make: () -> DisplayTypeset) -> DisplayTypeset {
        if case .display(let display) = value(for: key, { .display(make()) }) { return display }
        return make()
    }

    /// The line for `key` (of a `.line` form), made by `make` unless held.
    func line(for key: Key, _ make: () -> String) -> String {
        if case .line(let line) = value(for: key, { .line(make()) }) { return line }
        return make()
    }

    /// The value for `key`, made by `make` (outside the lock) and kept when it is small enough.
    private func value(for key: Key, _ make: () -> Value) -> Value {
        guard key.tex.utf8.count <= Self.maximumSourceBytes else { return make() }
        if let known = lookUp(key) { return known }
        let value = make()
        keep(value, for: key)
        return value
    }

    private func lookUp(_ key: Key) -> Value? {
        state.withLockedValue { state in
            let found = state.entries[key]?.value
            if found == nil { state.misses += 1 } else { state.hits += 1 }
            return found
        }
    }

    private func keep(_ value: Value, for key: Key) {
        let bytes = key.tex.utf8.count + value.byteCount + Self.entryOverhead
        guard bytes <= Self.maximumEntryBytes else { return }
        state.withLockedValue { state in
            guard state.entries.updateValue(Entry(value: value, bytes: bytes), forKey: key) == nil else { return }
            state.order.append(key)
            state.bytes += bytes
            while state.bytes > maximumBytes, state.oldest < state.order.count {
                let gone = state.order[state.oldest]
                state.oldest += 1
                state.bytes -= state.entries.removeValue(forKey: gone)?.bytes ?? 0
            }
            if state.oldest > 1_024, state.oldest * 2 > state.order.count {
                state.order.removeFirst(state.oldest)
                state.oldest = 0
            }
        }
    }

    /// What is held and how often it answered, since the start or the last `removeAll`.
    package var counts: (entries: Int, bytes: Int, hits: Int, misses: Int) {
        state.withLockedValue { ($0.entries.count, $0.bytes, $0.hits, $0.misses) }
    }

    /// Forgets everything (the benchmarks' cold opens; tests).
    package func removeAll() {
        state.withLockedValue { $0 = State() }
    }
}

/// A display formula typeset without regard to the width: its lines and width, or why it is shown otherwise.
enum DisplayTypeset: Sendable {
    /// The display's lines (one line already trimmed) and its box's width.
    case lines([String], width: Int)
    /// Too large or too tall for two dimensions: shown inline (this result) whatever the width.
    case inlineOnly(MathResult)
    /// Not readable: shown as source.
    case source(reason: String)
}
