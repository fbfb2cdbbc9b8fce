import Foundation
import NIOConcurrencyHelpers

/// The filters made with `/filters/create`, remembered by their string: `!` followed by 11 letters and digits, a
/// stable hash of the filter's base, included and excluded fields and safety (the same filter gets the same string
/// in every run). The double honours what it can of a filter: bodies (`question.body`, `answer.body`, base
/// `withbody`) and the viewer's fields (`question.upvoted`, `question.downvoted`, `question.favorited`,
/// `answer.upvoted`, `answer.downvoted`, `answer.accepted`, given when a valid `access_token` comes too); items keep
/// their default fields otherwise.
final class FilterBook: Sendable {
    /// The fields a filter starts from.
    enum Base: String, CaseIterable, Sendable {
        case `default`, withbody, none
    }

    /// One filter.
    struct Spec: Equatable, Sendable {
        var base: Base
        var included: [String]
        var excluded: [String]
        var unsafe: Bool

        /// Every field it includes, sorted.
        var fields: [String] {
            Set(FilterBook.baseFields(base) + included).subtracting(excluded).sorted()
        }

        func includes(_ field: String) -> Bool {
            !excluded.contains(field) && (included.contains(field) || FilterBook.baseFields(base).contains(field))
        }

        /// True when question or answer bodies are included.
        var includesBody: Bool { includes("question.body") || includes("answer.body") }

        /// The viewer's fields it includes (`question.upvoted`…).
        var viewerFields: Set<String> { Set(FilterBook.viewerFields.filter(includes)) }

        /// The text hashed for the filter's string.
        var canonical: String {
            "\(base.rawValue)|\(included.sorted().joined(separator: ";"))|\(excluded.sorted().joined(separator: ";"))|\(unsafe)"
        }
    }

    /// The fields that depend on who asks.
    static let viewerFields = [
        "question.upvoted", "question.downvoted", "question.favorited", "answer.upvoted", "answer.downvoted",
        "answer.accepted",
    ]

    private static let defaultFields = [
        ".backoff", ".error_id", ".error_message", ".error_name", ".has_more", ".items", ".quota_max",
        ".quota_remaining",
        "answer.answer_id", "answer.content_license", "answer.creation_date", "answer.is_accepted",
        "answer.last_activity_date", "answer.owner", "answer.question_id", "answer.score",
        "comment.body", "comment.comment_id", "comment.content_license", "comment.creation_date", "comment.edited",
        "comment.owner", "comment.post_id", "comment.score",
        "question.accepted_answer_id", "question.answer_count", "question.content_license", "question.creation_date",
        "question.is_answered", "question.last_activity_date", "question.link", "question.owner",
        "question.question_id", "question.score", "question.tags", "question.title", "question.view_count",
    ]

    static func baseFields(_ base: Base) -> [String] {
        switch base {
        case .default: defaultFields
        case .withbody: defaultFields + ["answer.body", "question.body"]
        case .none: []
        }
    }

    private let made = NIOLockedValueBox<[String: Spec]>([:])

    /// Remembers `spec` and returns its string.
    func create(_ spec: Spec) -> String {
        let name = Self.name(spec)
        made.withLockedValue { $0[name] = spec }
        return name
    }

    /// The filter named by a `filter` parameter: one made here, or the built-in `default`, `withbody` or `none`;
    /// nil for any other (unknown filters change nothing).
    func spec(_ name: String?) -> Spec? {
        guard let name else { return nil }
        if let base = Base(rawValue: name) { return Spec(base: base, included: [], excluded: [], unsafe: false) }
        return made.withLockedValue { $0[name] }
    }

    private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// `!` and the FNV-1a 64-bit hash of the spec in 11 base-62 digits.
    static func name(_ spec: Spec) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in spec.canonical.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        var text = ""
        for _ in 0..<11 {
            text.append(digits[Int(hash % 62)])
            hash /= 62
        }
        return "!" + text
    }
}

/// A `filter` item: what `/filters/create` and `/filters/{filters}` answer.
struct FilterItem: Encodable {
    var filter: String
    /// `safe` or `unsafe`.
    var filterType: String
    var includedFields: [String]

    init(name: String, spec: FilterBook.Spec) {
        filter = name
        filterType = spec.unsafe ? "unsafe" : "safe"
        includedFields = spec.fields
    }
}

/// `/filters/create?include=a;b&exclude=c&base=default|withbody|none&unsafe=false` and `/filters/{filters}`.
struct FilterRoutes {
    let filters: FilterBook
    let parameters: QueryParameters

    /// The route's result, or nil when `components` name neither method.
    func route(_ components: [String]) throws -> RouteResult? {
        guard components.count == 2, components[0] == "filters" else { return nil }
        if components[1] == "create" {
            let spec = FilterBook.Spec(
                base: try parameters.choice("base", allowed: FilterBook.Base.allCases, default: .default),
                included: try fieldList("include"), excluded: try fieldList("exclude"),
                unsafe: try parameters.bool("unsafe") ?? false)
            return RouteResult(items: [FilterItem(name: filters.create(spec), spec: spec)], hasMore: false)
        }
        let names = components[1].split(separator: ";").map(String.init)
        guard (1...20).contains(names.count) else { throw APIFailure.badParameter("filters: 1 to 20 filters") }
        return RouteResult(items: names.compactMap { name in
            filters.spec(name).map { FilterItem(name: name, spec: $0) }
        }, hasMore: false)
    }

    /// `type.field` or `.field` names, `;`-separated.
    private func fieldList(_ name: String) throws -> [String] {
        let fields = parameters.list(name)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz_.")
        for field in fields where !field.contains(".") || !field.lowercased().allSatisfy(allowed.contains) {
            throw APIFailure.badParameter("\(name): \"\(field)\" is not a field name like question.body")
        }
        return fields.map { $0.lowercased() }
    }
}
