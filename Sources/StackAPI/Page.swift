import Foundation

/// One page of items from the API, with the paging and quota facts the UI shows.
public struct Page<Item: Sendable>: Sendable {
    /// The items on this page, in the order the API sent them.
    public var items: [Item]
    public var hasMore: Bool
    /// The page number (1-based).
    public var page: Int
    /// Requests left today, when the API said.
    public var quotaRemaining: Int?
    /// The daily request quota, when the API said.
    public var quotaMax: Int?
    /// Seconds the API asked us not to call this method again, when it did.
    public var backoff: TimeInterval?
    /// A page of the local store's search whose plan, to answer in time, ordered only the newest this many matching
    /// posts (`StackStore.SearchPage.cut`); nil for every other page.
    public var orderedAmongNewest: Int?

    public init(
        items: [Item], hasMore: Bool, page: Int,
        quotaRemaining: Int? = nil, quotaMax: Int? = nil, backoff: TimeInterval? = nil
    ) {
        self.items = items
        self.hasMore = hasMore
        self.page = page
        self.quotaRemaining = quotaRemaining
        self.quotaMax = quotaMax
        self.backoff = backoff
    }
}

extension Page where Item: Decodable {
    /// The page a decoded response wrapper describes; `requestedPage` fills in when the response omits `page`.
    public init(_ wrapper: ResponseWrapper<Item>, requestedPage: Int?) {
        self.init(
            items: wrapper.items, hasMore: wrapper.hasMore, page: wrapper.page ?? requestedPage ?? 1,
            quotaRemaining: wrapper.quotaRemaining, quotaMax: wrapper.quotaMax, backoff: wrapper.backoff)
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}
