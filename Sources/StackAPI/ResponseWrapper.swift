import Foundation

/// The common wrapper around every API response (`items` plus paging, quota and error fields).
public struct ResponseWrapper<Item: Decodable & Sendable>: Decodable, Sendable {
    /// The page of results; empty in an error body, which has no `items`.
    public var items: [Item]
    public var hasMore: Bool
    /// Requests allowed per day (300 without a key, 10,000 with one).
    ///
    /// Every number here is range-checked like the items' (see `CodingHelpers.swift`): an impossible one is nil.
    public var quotaMax: Int?
    /// Requests left today; old recordings show negative values.
    public var quotaRemaining: Int?
    /// Seconds to wait before calling the same method again (may be fractional, e.g. 0.2): any finite number of
    /// zero or more, as sent (the retrieval layer's backoff gate bounds how long it is honoured).
    public var backoff: TimeInterval?
    /// Error id of an error body (e.g. 502).
    public var errorID: Int?
    /// Error name of an error body (e.g. `throttle_violation`).
    public var errorName: String?
    /// Error message of an error body, as sent (still HTML-escaped).
    public var errorMessage: String?
    /// The page number (1 or more, at most `Int32.max`), when the filter includes it.
    public var page: Int?
    /// The page size, when the filter includes it.
    public var pageSize: Int?
    /// Total matching items, when the filter includes it.
    public var total: Int?
    /// The item type name (e.g. `question`), when the filter includes it.
    public var type: String?

    /// Creates a wrapper, e.g. for the API double to serve.
    public init(
        items: [Item], hasMore: Bool = false, quotaMax: Int? = nil, quotaRemaining: Int? = nil,
        backoff: TimeInterval? = nil, errorID: Int? = nil, errorName: String? = nil, errorMessage: String? = nil,
        page: Int? = nil, pageSize: Int? = nil, total: Int? = nil, type: String? = nil
    ) {
        self.items = items
        self.hasMore = hasMore
        self.quotaMax = quotaMax
        self.quotaRemaining = quotaRemaining
        self.backoff = backoff
        self.errorID = errorID
        self.errorName = errorName
        self.errorMessage = errorMessage
        self.page = page
        self.pageSize = pageSize
        self.total = total
        self.type = type
    }

    enum CodingKeys: String, CodingKey {
        case items, hasMore = "has_more", quotaMax = "quota_max", quotaRemaining = "quota_remaining", backoff
        case errorID = "error_id", errorName = "error_name", errorMessage = "error_message"
        case page, pageSize = "page_size", total, type
    }

    /// The `userInfo` key of the most items to decode (an `Int`); items past it are skipped, not decoded.
    public static var itemLimitKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "stackterm.itemLimit")! }

    /// Decodes the wrapper; missing `items` (an error body) become `[]`, missing `has_more` is false.
    /// With `itemLimitKey` in the decoder's `userInfo`, only that many items are decoded.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let limit = decoder.userInfo[Self.itemLimitKey] as? Int, c.contains(.items), try !c.decodeNil(forKey: .items) {
            var list = try c.nestedUnkeyedContainer(forKey: .items)
            var kept: [Item] = []
            while !list.isAtEnd && kept.count < limit { kept.append(try list.decode(Item.self)) }
            items = kept
        } else {
            items = try c.decode([Item].self, forKey: .items, default: [])
        }
        hasMore = try c.decode(Bool.self, forKey: .hasMore, default: false)
        quotaMax = try c.decodeCountIfPresent(forKey: .quotaMax)
        quotaRemaining = try c.decodeInteger(forKey: .quotaRemaining, in: Int.min...Int.max)
        backoff = try c.decodeNonNegative(forKey: .backoff)
        errorID = try c.decodeInteger(forKey: .errorID, in: Int.min...Int.max)
        errorName = try c.decodeIfPresent(String.self, forKey: .errorName)
        errorMessage = try c.decodeIfPresent(String.self, forKey: .errorMessage)
        page = try c.decodeInteger(forKey: .page, in: 1...Int(Int32.max))
        pageSize = try c.decodeCountIfPresent(forKey: .pageSize)
        total = try c.decodeCountIfPresent(forKey: .total)
        type = try c.decodeIfPresent(String.self, forKey: .type)
    }
}

extension ResponseWrapper: Encodable where Item: Encodable {
    /// Encodes the wrapper as the API sends it (absent optionals are left out).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(items, forKey: .items)
        try c.encode(hasMore, forKey: .hasMore)
        try c.encodeIfPresent(quotaMax, forKey: .quotaMax)
        try c.encodeIfPresent(quotaRemaining, forKey: .quotaRemaining)
        try c.encodeIfPresent(backoff, forKey: .backoff)
        try c.encodeIfPresent(errorID, forKey: .errorID)
        try c.encodeIfPresent(errorName, forKey: .errorName)
        try c.encodeIfPresent(errorMessage, forKey: .errorMessage)
        try c.encodeIfPresent(page, forKey: .page)
        try c.encodeIfPresent(pageSize, forKey: .pageSize)
        try c.encodeIfPresent(total, forKey: .total)
        try c.encodeIfPresent(type, forKey: .type)
    }
}

extension ResponseWrapper: Equatable where Item: Equatable {}
extension ResponseWrapper: Hashable where Item: Hashable {}
