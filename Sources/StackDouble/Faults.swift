import Foundation
import NIOConcurrencyHelpers

/// Fault injection for API requests, set by command-line flags or `GET /_double/faults?…`.
public struct Faults: Sendable, Equatable {
    /// Sleep this long before answering (other connections are not blocked).
    public var delayMilliseconds: Int?
    /// Send invalid JSON.
    public var malformed = false
    /// Cut the gzip stream in half.
    public var truncatedGzip = false
    /// Answer with this HTTP status and an HTML body (no API body), e.g. 500.
    public var status: Int?
    /// Answer with the API's throttle violation (error 502) naming this many seconds.
    public var throttleSeconds: Int?
    /// Add `"backoff": N` to successful responses.
    public var backoffSeconds: Int?
    /// Return no items and `has_more: false`.
    public var empty = false
    /// Put terminal escape sequences into question titles.
    public var escapeTitles = false
    /// Answer with a gzip stream that inflates to this many MiB (a JSON page padded with spaces): a gzip bomb.
    public var gzipBombMiB: Int?
    /// Give the page this many items whatever `pagesize` asked for: its own, then its last one over and over
    /// (compressed while it is sent, so a million cost the double only what the client reads).
    public var padItems: Int?
    /// Answer every page with page 1's items and `has_more: true`: a list that never ends and never moves on.
    public var repeatPages = false
    /// End every question's `link` with a bracketed-paste terminator, a C1 control and a newline-separated command
    /// (see `ItemStyle.hostileLinkSuffix`): what `o` and `y` must refuse.
    public var hostileLinks = false
    /// Replace the body of the first question of each response that has bodies with this many nested
    /// `<blockquote><p>x</p>` levels (20 bytes each): a body hostile to layout.
    public var deepBody: Int?
    /// Replace the body of the first question of each response that has bodies with one paragraph of this many
    /// MiB of words (compressed while it is sent, so even 1,024 costs the double little).
    public var hugeParagraphMiB: Int?
    /// Replace the body of the first question of each response that has bodies with TeX hostile to a math site's
    /// renderer (`HostileTeX`): `braces`, `megabyte`, `frac`, `matrix`, or `all` four in one body.
    public var texBody: HostileTeX?
    /// Give dates no calendar holds: creation and last-activity dates of ±1e20 on questions, answers (the feed's
    /// too) and comments, and a `launch_date` of 1e19 on sites.
    public var badDates = false
    /// Answer uncompressed, the JSON padded with this many MiB of spaces, its true `Content-Length` declared.
    public var wireMiB: Int?
    /// Send the body chunked, without a `Content-Length`.
    public var chunked = false
    /// Send the head and the first half of the body (the first byte of a streamed one), then stay silent.
    public var stallBody = false
    /// Answer `302 Found` to the same request (with `redirect_hop=N+1`) this many times before answering it.
    public var redirects: Int?
    /// Answer `302 Found` to exactly the URL asked for: a redirect cycle.
    public var redirectCycle = false
    /// Refuse every write (once its token passed the checks) with 407 `write_failed` "The write failed (imitated).".
    public var writeFailed = false
    /// Only the next N API requests get the faults (nil: all of them).
    public var remainingCount: Int?
    /// Only requests whose path (after the version prefix, e.g. `/questions`) starts with this get the faults.
    public var pathPrefix: String?

    /// No faults.
    public init() {}

    /// The query parameter names understood, also used as command-line flag names.
    public static let parameterNames = [
        "delay_ms", "malformed", "truncated_gzip", "status", "throttle", "backoff", "empty", "escape_titles",
        "hostile_links", "count", "path", "gzip_bomb_mb", "pad_items", "repeat_pages", "deep_body", "huge_paragraph_mb",
        "tex_body", "bad_dates", "wire_mb", "chunked", "stall_body", "redirects", "redirect_cycle",
        "write_failed",
    ]

    /// Parses `delay_ms=100&status=500&count=1`; throws a message naming the bad parameter.
    public init(query: String) throws {
        self.init()
        let parameters = QueryParameters(query: query)
        for name in parameters.all.keys where !Self.parameterNames.contains(name) {
            throw APIFailure.badParameter("unknown fault \(name); known: \(Self.parameterNames.joined(separator: ", "))")
        }
        delayMilliseconds = try parameters.int("delay_ms")
        malformed = try Self.flag(parameters, "malformed")
        truncatedGzip = try Self.flag(parameters, "truncated_gzip")
        status = try parameters.int("status")
        throttleSeconds = try parameters.int("throttle")
        backoffSeconds = try parameters.int("backoff")
        empty = try Self.flag(parameters, "empty")
        escapeTitles = try Self.flag(parameters, "escape_titles")
        repeatPages = try Self.flag(parameters, "repeat_pages")
        hostileLinks = try Self.flag(parameters, "hostile_links")
        remainingCount = try parameters.int("count")
        pathPrefix = parameters.string("path")
        gzipBombMiB = try parameters.int("gzip_bomb_mb")
        padItems = try parameters.int("pad_items")
        deepBody = try parameters.int("deep_body")
        hugeParagraphMiB = try parameters.int("huge_paragraph_mb")
        if let kind = parameters.string("tex_body") {
            guard let tex = HostileTeX(rawValue: kind) else {
                throw APIFailure.badParameter("tex_body: \(HostileTeX.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            texBody = tex
        }
        badDates = try Self.flag(parameters, "bad_dates")
        wireMiB = try parameters.int("wire_mb")
        chunked = try Self.flag(parameters, "chunked")
        stallBody = try Self.flag(parameters, "stall_body")
        redirects = try parameters.int("redirects")
        redirectCycle = try Self.flag(parameters, "redirect_cycle")
        writeFailed = try Self.flag(parameters, "write_failed")
        if let gzipBombMiB, !(1...16_384).contains(gzipBombMiB) { throw APIFailure.badParameter("gzip_bomb_mb: 1…16384") }
        if let padItems, !(0...10_000_000).contains(padItems) { throw APIFailure.badParameter("pad_items: 0…10000000") }
        if let deepBody, !(1...1_000_000).contains(deepBody) { throw APIFailure.badParameter("deep_body: 1…1000000") }
        if let hugeParagraphMiB, !(1...1_024).contains(hugeParagraphMiB) { throw APIFailure.badParameter("huge_paragraph_mb: 1…1024") }
        if let wireMiB, !(1...64).contains(wireMiB) { throw APIFailure.badParameter("wire_mb: 1…64") }
        if let redirects, !(1...1_000).contains(redirects) { throw APIFailure.badParameter("redirects: 1…1000") }
        if let status, !(100...599).contains(status) { throw APIFailure.badParameter("status: \(status) is not an HTTP status") }
    }

    private static func flag(_ parameters: QueryParameters, _ name: String) throws -> Bool {
        guard let text = parameters.string(name) else { return false }
        switch text.lowercased() {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: throw APIFailure.badParameter("\(name): \"\(text)\" is not 1 or 0")
        }
    }

    /// True when nothing is injected.
    public var isEmpty: Bool {
        var none = Faults()
        none.remainingCount = remainingCount
        none.pathPrefix = pathPrefix
        return self == none
    }

    /// The faults in query form (for `GET /_double/faults` and logging).
    public var query: String {
        var parts: [String] = []
        func add(_ name: String, _ value: CustomStringConvertible?) { if let value { parts.append("\(name)=\(value)") } }
        add("delay_ms", delayMilliseconds)
        add("malformed", malformed ? 1 : nil)
        add("truncated_gzip", truncatedGzip ? 1 : nil)
        add("status", status)
        add("throttle", throttleSeconds)
        add("backoff", backoffSeconds)
        add("empty", empty ? 1 : nil)
        add("escape_titles", escapeTitles ? 1 : nil)
        add("hostile_links", hostileLinks ? 1 : nil)
        add("count", remainingCount)
        add("path", pathPrefix)
        add("gzip_bomb_mb", gzipBombMiB)
        add("pad_items", padItems)
        add("repeat_pages", repeatPages ? 1 : nil)
        add("deep_body", deepBody)
        add("huge_paragraph_mb", hugeParagraphMiB)
        add("tex_body", texBody?.rawValue)
        add("bad_dates", badDates ? 1 : nil)
        add("wire_mb", wireMiB)
        add("chunked", chunked ? 1 : nil)
        add("stall_body", stallBody ? 1 : nil)
        add("redirects", redirects)
        add("redirect_cycle", redirectCycle ? 1 : nil)
        add("write_failed", writeFailed ? 1 : nil)
        return parts.joined(separator: "&")
    }

    /// Whether the faults apply to a request for `apiPath` (version prefix removed).
    func applies(to apiPath: String) -> Bool {
        if let remainingCount, remainingCount <= 0 { return false }
        guard let pathPrefix else { return true }
        return apiPath.hasPrefix(pathPrefix)
    }
}

/// The faults in force, shared between connections; `take(for:)` spends one of a `count`.
final class FaultBoard: Sendable {
    private let current: NIOLockedValueBox<Faults>

    init(_ faults: Faults) {
        current = NIOLockedValueBox(faults)
    }

    /// Replaces every fault.
    func set(_ faults: Faults) {
        current.withLockedValue { $0 = faults }
    }

    var faults: Faults { current.withLockedValue { $0 } }

    /// The faults for one API request (empty when they do not apply), counting it against `count`.
    func take(for apiPath: String) -> Faults {
        current.withLockedValue { faults in
            guard !faults.isEmpty, faults.applies(to: apiPath) else { return Faults() }
            if let count = faults.remainingCount {
                faults.remainingCount = count - 1
                if count - 1 <= 0 { let spent = faults; faults = Faults(); return spent }
            }
            return faults
        }
    }
}
