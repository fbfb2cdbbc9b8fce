import Foundation
import StackAPI

/// Every site of the network (`/sites`), as the site picker shows them.
public struct SiteList: Sendable, Hashable {
    /// The sites, in the order the API listed them.
    public var sites: [Site]
    /// When the list was fetched from the API (for a cached list, when it was first fetched).
    public var fetchedAt: Date
    /// Why the list could not be refreshed, when the cached list is delivered instead; nil otherwise.
    public var refreshError: APIError?
    /// Whether the API said more sites exist than were fetched (the page bound was reached).
    public var isTruncated: Bool
    /// Requests left today, when this list came from the API just now.
    public var quotaRemaining: Int?
    /// The API names of the sites the local store holds questions of (readable offline).
    public var held: Set<String>

    public init(
        sites: [Site], fetchedAt: Date, refreshError: APIError? = nil, isTruncated: Bool = false, quotaRemaining: Int? = nil,
        held: Set<String> = []
    ) {
        self.sites = sites
        self.fetchedAt = fetchedAt
        self.refreshError = refreshError
        self.isTruncated = isTruncated
        self.quotaRemaining = quotaRemaining
        self.held = held
    }

    /// True when refreshing failed and the list on disk was delivered instead (`refreshError` says why):
    /// an expired list, or a fresh one that `.reload` tried to replace.
    public var isStale: Bool {
        refreshError != nil
    }
}
